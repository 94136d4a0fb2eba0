import { Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import { truncateAddress } from '../../infra/http/client-address';
import { PageVisitWriter } from './page-visit-writer.service';
import { isVisitorId, newVisitorId } from './visitor-cookie';

const USER_AGENT_MAX = 512;

export interface PageView {
  /** Already validated and reduced to its path (TrackPageDto). */
  page: string;
  userAgent: string | undefined;
  /** The visitor cookie's value, if the browser sent one. */
  visitorId: string | undefined;
  userId: number | null;
  address: string;
}

export type TrackOutcome = { recorded: false } | { recorded: true; visitorId: string; isNewVisitor: boolean };

/** Records page views of people: known bots (and clients without a user agent) are left out. */
@Injectable()
export class TrackingService {
  constructor(private readonly writer: PageVisitWriter) {}

  async track(view: PageView, now = new Date()): Promise<TrackOutcome> {
    if (!view.userAgent || isbot(view.userAgent)) return { recorded: false };
    const isNewVisitor = !isVisitorId(view.visitorId);
    const visitorId = isVisitorId(view.visitorId) ? view.visitorId : newVisitorId();
    await this.writer.add({
      visitorId,
      userId: view.userId,
      ipAddress: truncateAddress(view.address),
      userAgent: view.userAgent.slice(0, USER_AGENT_MAX),
      page: view.page,
      timestamp: now,
    });
    return { recorded: true, visitorId, isNewVisitor };
  }
}
