import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThanOrEqual, Not, IsNull, Repository } from 'typeorm';
import { leadProgressSummary, type DeskReport, type ListingLeadProgress } from '@app/shared';
import { UserEntity } from '../users';
import { ListingReader } from '../vehicles';
import { LeadEntity } from './entities/lead.entity';

const DAY_MS = 86_400_000;
const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/** The value below which `share` of the sorted values lie (nearest rank); null for none. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** The desk's figures (GET /api/desk/report) and each seller's view of the work on their listings. */
@Injectable()
export class DeskReportService {
  constructor(
    @InjectRepository(LeadEntity) private readonly leads: Repository<LeadEntity>,
    private readonly listings: ListingReader,
  ) {}

  /**
   * Over the last `days` (UTC days, today included): leads per day, time to first response at p50 and p90
   * (minutes), conversion to sale of the leads that came in, success fees per month of sale (the last 12
   * months), and each staff member's figures.
   */
  async report(days: number, now = new Date()): Promise<DeskReport> {
    const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(todayStart - (days - 1) * DAY_MS);
    const rows = await this.leads.find({
      select: { id: true, state: true, createdAt: true, firstResponseAt: true, assignedToId: true, feeAmount: true },
      where: { createdAt: MoreThanOrEqual(since) },
    });
    const perDay = new Map<string, number>();
    for (let d = 0; d < days; d += 1) perDay.set(new Date(since.getTime() + d * DAY_MS).toISOString().slice(0, 10), 0);
    for (const r of rows) {
      const day = r.createdAt.toISOString().slice(0, 10);
      if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
    }
    const responseTimes = (list: LeadEntity[]) =>
      list.filter((r) => r.firstResponseAt).map((r) => minutesBetween(r.createdAt, r.firstResponseAt!)).sort((a, b) => a - b);
    const all = responseTimes(rows);
    const sold = rows.filter((r) => r.state === 'sold').length;

    const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const sales = await this.leads.find({
      select: { id: true, soldAt: true, feeAmount: true, feeState: true, assignedToId: true },
      where: { soldAt: MoreThanOrEqual(yearAgo), feeAmount: Not(IsNull()) },
    });
    const months = new Map<string, { amount: number; paid: number }>();
    for (let m = 0; m < 12; m += 1) {
      const month = new Date(Date.UTC(yearAgo.getUTCFullYear(), yearAgo.getUTCMonth() + m, 1)).toISOString().slice(0, 7);
      months.set(month, { amount: 0, paid: 0 });
    }
    for (const s of sales) {
      const entry = months.get(s.soldAt!.toISOString().slice(0, 7));
      if (!entry) continue;
      entry.amount += s.feeAmount!;
      if (s.feeState === 'paid') entry.paid += s.feeAmount!;
    }

    const staffIds = [...new Set(rows.map((r) => r.assignedToId).filter((id): id is number => id !== null))];
    const staff = staffIds.length ? await this.leads.manager.find(UserEntity, { where: { id: In(staffIds) } }) : [];
    const perAssociate = staff
      .map((u) => {
        const mine = rows.filter((r) => r.assignedToId === u.id);
        const mySales = sales.filter((s) => s.assignedToId === u.id);
        return {
          id: u.id,
          name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
          leads: mine.length,
          sold: mine.filter((r) => r.state === 'sold').length,
          open: mine.filter((r) => r.state !== 'sold' && r.state !== 'lost').length,
          firstResponseP50: percentile(responseTimes(mine), 0.5),
          fees: round2(mySales.reduce((sum, s) => sum + s.feeAmount!, 0)),
        };
      })
      .sort((a, b) => b.leads - a.leads || a.id - b.id);

    return {
      days,
      leadsPerDay: [...perDay].map(([day, count]) => ({ day, count })),
      firstResponseMinutes: { p50: percentile(all, 0.5), p90: percentile(all, 0.9) },
      conversion: { leads: rows.length, sold, rate: rows.length ? round2(sold / rows.length) : null },
      feesPerMonth: [...months].map(([month, v]) => ({ month, amount: round2(v.amount), paid: round2(v.paid) })),
      perAssociate,
    };
  }

  /**
   * The seller's dashboard: per listing of theirs, how many buyers the desk is talking to and how far the
   * furthest one got. Counts and a stage only: no buyer's name, address or message.
   */
  async sellerProgress(sellerId: number): Promise<ListingLeadProgress[]> {
    const mine = await this.listings.allOf(sellerId);
    if (mine.length === 0) return [];
    const rows = await this.leads.find({ select: { id: true, vehicleId: true, state: true }, where: { vehicleId: In(mine.map((v) => v.id)) } });
    return mine.map((v) => {
      const states = rows.filter((r) => r.vehicleId === v.id).map((r) => r.state);
      const activeBuyers = states.filter((s) => s !== 'sold' && s !== 'lost').length;
      const stage: ListingLeadProgress['stage'] = states.includes('sold')
        ? 'sold'
        : states.includes('negotiating')
          ? 'offer'
          : states.includes('qualified')
            ? 'qualified'
            : activeBuyers > 0
              ? 'talking'
              : 'none';
      return { vehicleId: v.id, activeBuyers, stage, summary: leadProgressSummary(activeBuyers, stage) };
    });
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
