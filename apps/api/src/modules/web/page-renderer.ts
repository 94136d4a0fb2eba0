import { Inject, Injectable, Logger } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FirstViewAnswer } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';

/** What the storefront's server build exports (apps/storefront/src/server-render.tsx). */
type RenderPage = (path: string, firstView: readonly FirstViewAnswer[]) => Promise<string | null>;

/**
 * Draws the storefront's `serverRendered` pages with its server build (STOREFRONT_RENDERER, made by
 * `npm run build:storefront`), loaded on first use and again when a new build replaces the file. Without the
 * build, or when a drawing fails, the page goes out undrawn and the browser draws it, as for a signed-in visitor.
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger(PageRenderer.name);
  private loaded: { mtimeMs: number; render: RenderPage } | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The markup of the page at `path` (with its query) drawn with the first view's answers, or undefined. */
  async render(path: string, firstView: readonly FirstViewAnswer[]): Promise<string | undefined> {
    try {
      const render = await this.renderer();
      return (await render?.(path, firstView)) ?? undefined;
    } catch (error) {
      this.logger.warn(`The server could not draw ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private async renderer(): Promise<RenderPage | undefined> {
    const file = this.config.storefrontRenderer;
    const info = await stat(file).catch(() => null);
    if (!info) return undefined;
    if (this.loaded?.mtimeMs !== info.mtimeMs) {
      // The build is a file of the deployment, not a module of the API's bundle: loaded by Node's own require.
      const load = createRequire(file);
      delete load.cache[file];
      const { renderPage } = load(file) as { renderPage?: RenderPage };
      if (typeof renderPage !== 'function') throw new Error(`${file} has no renderPage`);
      this.loaded = { mtimeMs: info.mtimeMs, render: renderPage };
    }
    return this.loaded.render;
  }
}
