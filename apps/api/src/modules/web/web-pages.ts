import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiErrorBody } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';

const NOT_A_PAGE = /^\/(api|uploads|admin-app)(\/|$)|\.[a-z0-9]{1,8}$/i;

/**
 * The storefront's page routes: any GET that is not an API call, an upload or a built file answers the
 * storefront's index.html, and the client router draws the page (its 404 screen included). Registered as a
 * Fastify wildcard route, so every exact route (the API's, the built files') takes precedence.
 */
@Injectable()
export class WebPages implements OnModuleInit {
  private cached?: { mtimeMs: number; html: string };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const handler = (request: FastifyRequest, reply: FastifyReply) => this.serve(request, reply);
    fastify.get('/', handler);
    fastify.get('/*', handler);
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.url.split('?')[0] ?? '/';
    const html = NOT_A_PAGE.test(path) ? undefined : await this.indexHtml();
    if (html === undefined) {
      const body: ApiErrorBody = { statusCode: 404, message: `Cannot GET ${path}` };
      await reply.status(404).send(body);
      return;
    }
    await reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  private async indexHtml(): Promise<string | undefined> {
    const file = join(this.config.staticDirs.storefront, 'index.html');
    const info = await stat(file).catch(() => null);
    if (!info) return undefined;
    if (this.cached?.mtimeMs !== info.mtimeMs) this.cached = { mtimeMs: info.mtimeMs, html: await readFile(file, 'utf8') };
    return this.cached.html;
  }
}
