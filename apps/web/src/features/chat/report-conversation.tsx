import { useState } from "react";
import { buttonClass } from "../../components/button-styles";
import { ReportDialog } from "../../components/report-dialog";
import { trpc } from "../../lib/trpc";

/** 'Report' on someone's shared conversation: the moderators can then hide its share and public link. */
export function ReportConversation({ sessionId }: { sessionId: number }) {
  const [reporting, setReporting] = useState(false);
  const report = trpc.post.reportConversation.useMutation();
  return (
    <>
      <button type="button" onClick={() => setReporting(true)} className={buttonClass("ghost", "sm", "self-start")}>
        Report
      </button>
      <ReportDialog
        what="conversation"
        open={reporting}
        onClose={() => setReporting(false)}
        onSubmit={(input) => report.mutateAsync({ sessionId, ...input })}
      />
    </>
  );
}
