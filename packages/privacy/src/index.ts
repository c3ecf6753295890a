export { FINDING_KINDS, FINDING_LABELS, REDACTION_MARKERS, type FindingKind } from "./kinds";
export { isCardNumber, isIban, passesLuhn } from "./checks";
export { RULES } from "./rules";
export {
  markersIn,
  redactMessages,
  redactText,
  scanMessages,
  scanMessagesInSlices,
  scanText,
  segmentsOf,
  SLICE_CHARS,
  type Finding,
  type Pause,
  type ScanOptions,
  type Span,
} from "./scan";
