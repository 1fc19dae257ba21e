/** Types of scripts/serve.mjs (used by the browser and CLI tests). */
export declare const DIST: string;
export declare function canBuild(): boolean;
export declare function buildExplorer(): Promise<void>;
export declare function serveExplorer(options?: {
  port?: number;
  host?: string;
  build?: boolean;
  strictPort?: boolean;
  server?: 'node';
}): Promise<{ url: string; server: 'vite' | 'node'; close: () => Promise<void> }>;
/** The byte range a Range header asks for (inclusive), null for the whole file, or 'unsatisfiable'. */
export declare function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable';
