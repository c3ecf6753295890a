import { TIMINGS } from "@parley/contracts";
import type { User } from "oidc-client-ts";
import { AUTH_ACTIVITY, type AuthState } from "./auth-state";
import { checkCallbackUrl, describeCallbackError } from "./callback-errors";
import { withCrossTabLock } from "./cross-tab-lock";
import { safeReturnTo } from "./return-to";
import { isSessionEnded, POPUP_CANCEL_REASON, POPUP_TIMEOUT_REASON, popupProblemOf, SIGN_IN_NOTICES, type PopupProblem } from "./sign-in-errors";
import { CALLBACK_PATH, type LockedUserManager } from "./user-manager";

/** How long the "popup blocked" notice stays readable before the full redirect starts. */
const BLOCKED_NOTICE_MS = 1500;
const POPUP_SIZE = { width: 400, height: 600 };

type SignInOptions = { returnTo: string; signUp?: boolean };

/**
 * The browser's sign-in state machine around oidc-client-ts. React reads it through
 * `subscribe`/`getSnapshot`; the router guard and the tRPC link read it directly.
 */
export class AuthClient {
  private state: AuthState = { status: "loading", user: null, error: null, notice: null, activity: AUTH_ACTIVITY.starting };
  private readonly listeners = new Set<() => void>();
  private returnTo = "/";
  private popup: AbortController | null = null;

  constructor(
    private readonly manager: LockedUserManager,
    private readonly origin: string,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(change: Partial<AuthState>) {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener());
  }

  /**
   * Starts once, before the router renders: on the login return it completes the sign-in,
   * otherwise it restores a stored session silently (only when one is stored).
   */
  async start(location: Location) {
    this.manager.events.addUserLoaded((user) => this.set({ user }));
    this.manager.events.addUserUnloaded(() => this.set({ user: null }));
    this.manager.events.addSilentRenewError((error) => void this.handleRenewError(error));
    window.addEventListener("storage", (event) => {
      if (event.key === null || event.key.startsWith("oidc.user:")) void this.followOtherTab();
    });
    if (location.pathname === CALLBACK_PATH) {
      this.set({ activity: AUTH_ACTIVITY.callback });
      await this.completeSignIn(location.href);
    } else await this.restoreSession();
  }

  /** Where to go after the login return: the path and query asked for before signing in. */
  get returnToAfterSignIn(): string {
    return this.returnTo;
  }

  /** Resolves once auth has left the loading state (the route guard waits for it). */
  whenSettled(): Promise<AuthState> {
    if (this.state.status !== "loading") return Promise.resolve(this.state);
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        if (this.state.status === "loading") return;
        unsubscribe();
        resolve(this.state);
      });
    });
  }

  private async completeSignIn(href: string) {
    const problem = checkCallbackUrl(href);
    if (problem) return this.set({ status: "error", error: problem });
    try {
      // In a popup this hands the response to the opener and closes the window; only the
      // redirect flow returns a user here.
      const user = await withCrossTabLock(() => this.manager.signinCallback(href));
      if (!user) return;
      this.returnTo = safeReturnTo((user.state as { returnTo?: unknown } | undefined)?.returnTo, this.origin);
      this.set({ status: "ready", user, error: null });
    } catch (error) {
      this.set({ status: "error", error: describeCallbackError(error) });
    }
  }

  private async restoreSession() {
    const stored = await this.manager.getUser();
    if (!stored) return this.set({ status: "ready", user: null });
    try {
      const user = await this.manager.signinSilent();
      this.set({ status: "ready", user });
    } catch (error) {
      if (isSessionEnded(error)) await this.manager.removeUser();
      // Offline or a slow provider: a stored token that is still valid keeps the user signed in.
      const usable = !isSessionEnded(error) && !stored.expired ? stored : null;
      this.set({ status: "ready", user: usable });
    }
  }

  /** Log In / Sign Up: a 400x600 popup with a 60 s time-out, a full redirect if the popup is blocked. */
  async signIn({ returnTo, signUp = false }: SignInOptions) {
    const previous = this.state.user;
    this.set({ status: "loading", notice: null, error: null, activity: AUTH_ACTIVITY.popup });
    const controller = new AbortController();
    this.popup = controller;
    const timer = setTimeout(() => controller.abort(POPUP_TIMEOUT_REASON), TIMINGS.loginPopupTimeoutMs);
    try {
      // Called without an await before it, so window.open still runs inside the click.
      const user = await this.manager.signinPopup({
        popupWindowFeatures: POPUP_SIZE,
        popupSignal: controller.signal,
        popupAbortOnClose: true,
        extraQueryParams: this.extraParams(signUp),
      });
      this.set({ status: "ready", user });
    } catch (error) {
      const problem = popupProblemOf(error);
      if (problem === "blocked") {
        this.set({ status: "redirecting", notice: SIGN_IN_NOTICES.popupBlocked, activity: AUTH_ACTIVITY.toProvider });
        await new Promise((resolve) => setTimeout(resolve, BLOCKED_NOTICE_MS));
        return this.signInRedirect({ returnTo, signUp });
      }
      if (problem) return this.set({ status: "ready", user: previous, notice: noticeFor(problem) });
      this.set({ status: "error", error: error instanceof Error && error.message ? error : new Error("Login failed") });
    } finally {
      clearTimeout(timer);
      this.popup = null;
    }
  }

  /** Stops waiting for the sign-in popup (and closes it). */
  cancelSignIn() {
    this.popup?.abort(POPUP_CANCEL_REASON);
  }

  /** The full-page sign-in the route guard uses; the provider sends the browser back to /callback. */
  async signInRedirect({ returnTo, signUp = false }: SignInOptions) {
    this.set({ status: "redirecting", activity: AUTH_ACTIVITY.toProvider });
    try {
      await this.manager.signinRedirect({ state: { returnTo }, extraQueryParams: this.extraParams(signUp) });
    } catch (error) {
      this.set({ status: "error", error: error instanceof Error ? error : new Error("Login failed") });
    }
  }

  /** Log Out: revokes the refresh token, clears the stored user and ends the provider session. */
  async signOut() {
    this.set({ status: "redirecting", notice: null, activity: AUTH_ACTIVITY.signingOut });
    try {
      await this.manager.revokeTokens();
    } catch (error) {
      // Still end the provider session; the refresh token dies with its grant's lifetime.
      console.error("Could not revoke the refresh token", error);
    }
    try {
      await this.manager.signoutRedirect();
    } catch (error) {
      // E.g. a provider without an end-session endpoint: sign out here, and leave for the home
      // page, since staying on a signed-in page would start a new sign-in.
      console.error("Provider sign-out failed; signed out locally", error);
      await this.manager.removeUser();
      window.location.assign("/");
    }
  }

  /** The access token for API calls, renewed first (under the cross-tab lock) when it has expired. */
  async getAccessToken(): Promise<string | null> {
    const user = this.state.user;
    if (!user) return null;
    if (!user.expired) return user.access_token;
    try {
      return (await this.manager.signinSilent())?.access_token ?? null;
    } catch (error) {
      await this.handleRenewError(error);
      this.set({ notice: SIGN_IN_NOTICES.accessTokenFailed });
      return null;
    }
  }

  dismissNotice() {
    this.set({ notice: null });
  }

  /** Leaves the error page: forget the failed attempt and continue signed out. */
  clearError() {
    this.set({ status: "ready", error: null });
  }

  private extraParams(signUp: boolean): Record<string, string> {
    return { ...this.manager.settings.extraQueryParams, ...(signUp ? { screen_hint: "signup" } : {}) } as Record<string, string>;
  }

  private async handleRenewError(error: unknown) {
    if (!isSessionEnded(error)) return;
    await this.manager.removeUser();
    this.set({ user: null });
  }

  /** Another tab signed in, renewed or signed out: take over its stored user. */
  private async followOtherTab() {
    if (this.state.status !== "ready") return;
    const user: User | null = await this.manager.getUser();
    if (!user) {
      if (this.state.user) await this.manager.removeUser(); // stops this tab's renew timers too
      return;
    }
    if (user.access_token !== this.state.user?.access_token) this.set({ user: user.expired ? null : user });
  }
}

function noticeFor(problem: Exclude<PopupProblem, "blocked">): string | null {
  if (problem === "closed") return SIGN_IN_NOTICES.popupClosed;
  if (problem === "timeout") return SIGN_IN_NOTICES.popupTimedOut;
  return null;
}
