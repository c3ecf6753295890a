// Speed tricks that reach into the database clients' internals, one folder per library, each
// checked against its library at start-up with the library's public path as the fallback. Each folder's conformance tests (installed version, fallback, same
// answers on both paths) are in test/fast-paths/<library>.test.ts.
export { prepareQueries, installedPglite, PGLITE_WRITTEN_FOR, type PgliteLibrary } from "./pglite";
export { preparingClient, POSTGRES_WRITTEN_FOR } from "./postgres";
export { libraryMismatch } from "./self-check";
