import { trpc } from "../../lib/trpc";
import { ModerationPanel } from "./moderation-panel";
import { PrivacyPanel } from "./privacy-panel";
import { ADMIN_TEXTS } from "./texts";
import { UsagePanel } from "./usage-panel";
import { UsersPanel } from "./users-panel";

const TABS = [
  { id: "users", label: ADMIN_TEXTS.users, panel: <UsersPanel /> },
  { id: "usage", label: ADMIN_TEXTS.usage, panel: <UsagePanel /> },
  { id: "moderation", label: ADMIN_TEXTS.moderation, panel: <ModerationPanel /> },
  { id: "privacy", label: ADMIN_TEXTS.privacy, panel: <PrivacyPanel /> },
];

/**
 * The admin console's tabs, for admins only. The server answers `admin.access` to admins alone
 * (to anyone else it does not exist), so everyone else gets none.
 */
export function useAdminTabs() {
  const access = trpc.admin.access.useQuery(undefined, { retry: false, staleTime: Infinity });
  return access.data?.admin ? TABS : [];
}
