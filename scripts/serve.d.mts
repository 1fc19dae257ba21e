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
