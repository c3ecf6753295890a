import { useState } from "react";
import type { RouterOutputs } from "@parley/api";
import { messageOf, trpc } from "../../../lib/trpc";
import { TooFewModels } from "../compare/compare-picker";
import type { PromptUse } from "../prompt-use";
import { BattleView } from "./battle-view";
import { BATTLE_TEXTS } from "./texts";
import { useSend } from "../use-send";
import { useLiveTurn } from "../streaming-store";

type BattleModeProps = {
  sessionId: number;
  /** The open session's battle state, from the session list: 'blind', 'decided', or null for anything else. */
  sessionBattle: "blind" | "decided" | null | undefined;
  shared: boolean;
  promptId: number | null;
  category: string;
  onNewSession: (id: number) => void;
  /** Whether comparing is on (the two modes take turns). */
  comparing: boolean;
  /** Open with the toggle on (a prompt's page: 'Battle'). */
  startOn?: boolean;
  /** A decided battle continued as a comparison (a follow-up sent or stored): the comparison screen shows it. */
  continued?: boolean;
  /** The person's models (undefined while they load): each says whether a battle may draw it. */
  models: RouterOutputs["chat"]["options"]["userModels"] | undefined;
};

/**
 * Blind battles in the chat screen: the 'Battle' toggle beside 'Compare', the notice above the
 * composer, and the two answers in place of the message list. Active while the open
 * conversation is a battle (until a decided one is continued as a comparison), or while the
 * toggle is on; each message sent starts a new battle, but on a decided battle (`decided`) the
 * composer asks both of its models a follow-up instead.
 */
export function useBattleMode({
  sessionId,
  sessionBattle,
  shared,
  promptId,
  category,
  onNewSession,
  comparing,
  startOn = false,
  continued = false,
  models,
}: BattleModeProps) {
  const [toggled, setToggled] = useState(startOn);
  const [verdictError, setVerdictError] = useState<string | null>(null);
  const battle = useSend(onNewSession);
  const live = useLiveTurn(battle.store);
  const utils = trpc.useUtils();
  const isBattle = Boolean(sessionBattle) && sessionId > 0 && !shared;
  const stored = trpc.chat.battleById.useQuery(
    { id: sessionId },
    {
      enabled: isBattle,
      // A stopped answer is saved a moment after the browser lets go: look again until it is.
      refetchInterval: (query) => (!battle.streaming && query.state.data?.answers.some((a) => a.status === "pending") ? 1000 : false),
    },
  );
  const verdict = trpc.chat.battleVerdict.useMutation({
    onSuccess: async (decided) => {
      setVerdictError(null);
      utils.chat.battleById.setData({ id: decided.battle_id }, decided);
      await utils.chat.sessions.invalidate();
    },
    onError: (error) => setVerdictError(BATTLE_TEXTS.verdictFailed(messageOf(error))),
  });
  const streamingHere = live !== null && (live.sessionId === sessionId || live.sessionId === 0 || sessionId === 0);
  const active = !shared && ((isBattle && !continued) || toggled || streamingHere);
  // A decided battle is a comparison: the composer asks both of its models a follow-up.
  const decided = active && sessionBattle === "decided" && !toggled && !streamingHere;

  const send = async (text: string, use: PromptUse | null = null) => (await battle.send({ kind: "battle", text, promptId, category, use })).stored;
  // Fewer than two models a battle can draw: nothing can be sent, and the notice says what would add models.
  const drawable = models?.filter((model) => model.battle).length;
  const ready = drawable !== undefined && drawable >= 2;

  return {
    active,
    decided,
    streaming: battle.streaming,
    send,
    stop: battle.stop,
    toggle: shared ? null : (
      <button
        type="button"
        // A decided battle shows as the comparison it now is: Compare is the one pressed.
        aria-pressed={active && !decided}
        disabled={comparing || isBattle || battle.streaming}
        onClick={() => setToggled(!toggled)}
        className={`h-8 shrink-0 rounded-full border px-3 text-xs font-semibold sm:text-sm ${
          active && !decided
            ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
            : "border-zinc-200 bg-zinc-50 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
        } disabled:opacity-50`}
      >
        {BATTLE_TEXTS.toggle}
      </button>
    ),
    ready,
    notice:
      active && !decided ? (
        drawable !== undefined && !ready ? (
          <div className="px-4 pt-2">
            <TooFewModels intro={BATTLE_TEXTS.tooFewModels(drawable)} />
          </div>
        ) : (
          <p className="px-4 pt-2 text-xs text-zinc-600 dark:text-zinc-400">{BATTLE_TEXTS.notice}</p>
        )
      ) : null,
    view: active ? (
      <BattleView
        live={streamingHere ? live : null}
        stored={isBattle && !streamingHere ? stored.data : undefined}
        onStop={battle.stopColumn}
        onVerdict={(choice) => verdict.mutate({ id: sessionId, choice })}
        deciding={verdict.isPending}
        error={battle.error ?? verdictError ?? (stored.isError ? messageOf(stored.error) : null)}
      />
    ) : null,
  };
}
