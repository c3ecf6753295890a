export { checkAppAddress } from "./app-address";
export { AuthClient } from "./auth-client";
export { AuthProvider, useAuth, useAuthClient } from "./auth-context";
export { AUTH_ACTIVITY, profileOf, type AuthState, type IdentityProfile } from "./auth-state";
export { CALLBACK_ERRORS } from "./callback-errors";
export { fetchPublicConfig, type PublicConfig } from "./public-config";
export { SIGN_IN_NOTICES } from "./sign-in-errors";
export { CALLBACK_PATH, createUserManager } from "./user-manager";
