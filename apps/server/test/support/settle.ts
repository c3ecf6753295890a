import { TRPCError } from "@trpc/server";

/** What a call settles to, comparable across ways of calling: the value, or the error's code and message. */
export async function settle(call: () => Promise<unknown>) {
  try {
    return { value: await call() };
  } catch (error) {
    return error instanceof TRPCError ? { code: error.code, message: error.message } : { thrown: String(error) };
  }
}
