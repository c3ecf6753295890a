import { buttonClass } from "../../components/button-styles";
import { useAuth } from "../../lib/auth";
import { useAuthActions } from "./use-auth-actions";

/** Sign Up and Log In when signed out, Log Out when signed in. */
export function AuthButtons({ stacked = false }: { stacked?: boolean }) {
  const { isSignedIn } = useAuth();
  const { signUp, logIn, logOut } = useAuthActions();
  const width = stacked ? "w-full" : "";
  if (isSignedIn) {
    return (
      <button type="button" onClick={logOut} className={buttonClass("secondary", "sm", width)}>
        Log Out
      </button>
    );
  }
  return (
    <div className={stacked ? "flex flex-col gap-3" : "flex items-center gap-2"}>
      <button type="button" onClick={logIn} className={buttonClass(stacked ? "secondary" : "ghost", "sm", width)}>
        Log In
      </button>
      <button type="button" onClick={signUp} className={buttonClass("primary", "sm", width)}>
        Sign Up
      </button>
    </div>
  );
}
