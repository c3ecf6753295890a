type Migration = { tag: string; hash: string; sql: string };
export function readMigrations(): Migration[];
export function renderMigrations(migrations: Migration[]): string;
