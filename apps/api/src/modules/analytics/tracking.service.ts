import { Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import { truncateAddress } from '../../infra/http/client-address';
import { PageVisitWriter } from './page-visit-writer.service';

const USER_AGENT_MAX = 512;

export interface PageView {
  /** Already validated and reduced to its path (TrackPageDto). */
  page: string;
  userAgent: string | undefined;
  userId: number | null;
  address: string;
}

/** Records page views of people: known bots (and clients without a user agent) are left out. */
@Injectable()
export class TrackingService {
  constructor(private readonly writer: PageVisitWriter) {}

  /**
   * `visitorId` reads the visitor cookie, setting a new one on first sight; it is asked only for a view
   * that is recorded, so bots get no cookie. Answers whether the view was recorded.
   */
  async track(view: PageView, visitorId: () => string | null, now = new Date()): Promise<boolean> {
    if (!view.userAgent || isbot(view.userAgent)) return false;
    const visitor = visitorId();
    if (!visitor) return false;
    await this.writer.add({
      visitorId: visitor,
      userId: view.userId,
      ipAddress: truncateAddress(view.address),
      userAgent: view.userAgent.slice(0, USER_AGENT_MAX),
      page: view.page,
      timestamp: now,
    });
    return true;
  }
}
