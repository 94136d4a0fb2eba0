import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  formatMileage,
  formatPrice,
  SAVED_SEARCH_LIMITS,
  sitePath,
  socialImageOf,
  vehicleTitle,
  type PublicVehicle,
  type SaveSearchDto,
  type SavedSearch,
  type UpdateSavedSearchDto,
} from '@app/shared';
import { DataSource, In, Not, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { composeMail, type MailListing } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { UsersService } from '../users';
import { ListingReader, VehicleSearchService } from '../vehicles';
import { SavedSearchAlertEntity, type AlertReason } from './entities/saved-search-alert.entity';
import { SavedSearchEntity } from './entities/saved-search.entity';
import { canonicalQuery, parseSearchQuery } from './search-query';
import { UnsubscribeTokens } from './unsubscribe-token';

const DAY_MS = 86_400_000;
/** How long after the last alert a search of each frequency is due again. */
const INTERVAL_MS = { instant: 0, daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** Matches looked at per search and reason (newest first): more than one e-mail shows. */
const LOOK_AT = 50;
/** How far before the last alert the next one looks (see `alert`). */
const OVERLAP_MS = 5 * 60_000;
/** Listings one alert e-mail shows. */
const SHOW = 12;

interface Match {
  vehicle: PublicVehicle;
  reason: AlertReason;
}

/**
 * Saved searches and their alerts. An alert e-mails what matches the search and is new or cheaper since the
 * search's last alert (its creation before the first), never the same listing twice for the same reason;
 * the e-mail, the record of what it showed and the new "last alert" time are written in one transaction, so
 * a run that fails sends nothing and the next run finds the same matches. The job that calls
 * `sendDueAlerts` holds a lock, so two instances never alert together.
 */
@Injectable()
export class SavedSearchesService {
  private readonly unsubscribe: UnsubscribeTokens;

  constructor(
    @InjectRepository(SavedSearchEntity) private readonly searches: Repository<SavedSearchEntity>,
    private readonly dataSource: DataSource,
    private readonly search: VehicleSearchService,
    private readonly listings: ListingReader,
    private readonly users: UsersService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.unsubscribe = new UnsubscribeTokens(config.session.secret);
  }

  async list(userId: number): Promise<SavedSearch[]> {
    const rows = await this.searches.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return Promise.all(rows.map(async (row) => this.toSavedSearch(row, await this.matches(row.query))));
  }

  /** Saves a search (the search's own 400s for a bad filter); 409 past SAVED_SEARCH_LIMITS.perAccount. */
  async create(userId: number, input: SaveSearchDto): Promise<SavedSearch> {
    await parseSearchQuery(input.query);
    if ((await this.searches.countBy({ userId })) >= SAVED_SEARCH_LIMITS.perAccount) {
      throw new ConflictException(`You can save up to ${SAVED_SEARCH_LIMITS.perAccount} searches: delete one first`);
    }
    const { identifiers } = await this.searches.insert({ userId, name: input.name, query: canonicalQuery(input.query), frequency: input.frequency, lastAlertAt: null });
    const row = await this.searches.findOneByOrFail({ id: (identifiers[0] as { id: number }).id });
    return this.toSavedSearch(row, await this.matches(row.query));
  }

  async update(userId: number, id: number, input: UpdateSavedSearchDto): Promise<SavedSearch> {
    const row = await this.owned(userId, id);
    const set: Partial<SavedSearchEntity> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.frequency !== undefined) set.frequency = input.frequency;
    // Alerts turned back on start from now: no e-mail about what appeared while they were off.
    if (input.frequency !== undefined && input.frequency !== 'off' && row.frequency === 'off') set.lastAlertAt = new Date();
    if (Object.keys(set).length > 0) await this.searches.update({ id }, set);
    const stored = await this.searches.findOneByOrFail({ id });
    return this.toSavedSearch(stored, await this.matches(stored.query));
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.owned(userId, id);
    await this.searches.delete({ id, userId });
  }

  /** One click in an alert e-mail: that search's alerts off, no sign-in needed. Null for a forged or stale link. */
  async unsubscribeWith(token: string): Promise<{ name: string } | null> {
    const id = this.unsubscribe.verify(token);
    const row = id === null ? null : await this.searches.findOneBy({ id });
    if (!row) return null;
    if (row.frequency !== 'off') await this.searches.update({ id: row.id }, { frequency: 'off' });
    return { name: row.name };
  }

  /** Sends the alerts that are due (the job's tick); answers how many e-mails were queued. */
  async sendDueAlerts(now = new Date()): Promise<number> {
    const due = await this.searches.find({ where: { frequency: Not('off') } });
    let sent = 0;
    for (const row of due) {
      const interval = INTERVAL_MS[row.frequency as keyof typeof INTERVAL_MS];
      if (row.lastAlertAt && now.getTime() - row.lastAlertAt.getTime() < interval) continue;
      if (await this.alert(row, now)) sent += 1;
    }
    return sent;
  }

  private async alert(row: SavedSearchEntity, now: Date): Promise<boolean> {
    // After an alert, look a few minutes further back than it: a listing written in the same second as that
    // run (datetime columns keep whole seconds) or by an instance whose clock is a little behind is not
    // missed; the record of what was sent keeps it from coming twice.
    const since = row.lastAlertAt ? new Date(row.lastAlertAt.getTime() - OVERLAP_MS) : row.createdAt;
    const dto = await parseSearchQuery(row.query).catch(() => null);
    if (!dto) return false;
    const [fresh, cheaper] = await Promise.all([
      this.search.search({ ...dto, sortBy: 'created_desc', page: 1, limit: LOOK_AT }),
      this.search.search({ ...dto, sortBy: 'reduced_desc', page: 1, limit: LOOK_AT }),
    ]);
    const times = await this.listings.lifecycleTimes([...fresh.vehicles, ...cheaper.vehicles].map((v) => v.id));
    const candidates: Match[] = [
      ...fresh.vehicles.filter((v) => (times.get(v.id)?.publishedAt ?? 0) > since.getTime()).map((vehicle) => ({ vehicle, reason: 'new' as const })),
      ...cheaper.vehicles
        .filter((v) => v.priceDrop && (times.get(v.id)?.priceReducedAt ?? 0) > since.getTime())
        .map((vehicle) => ({ vehicle, reason: 'price-drop' as const })),
    ];
    const owner = await this.users.findById(row.userId);
    if (candidates.length === 0 || !owner) {
      await this.searches.update({ id: row.id }, { lastAlertAt: now });
      return false;
    }
    return this.dataSource.transaction(async (manager) => {
      const already = await manager.find(SavedSearchAlertEntity, {
        where: { savedSearchId: row.id, vehicleId: In(candidates.map((c) => c.vehicle.id)) },
      });
      const seen = new Set(already.map((a) => `${a.vehicleId}:${a.reason}`));
      const matches = candidates.filter((c) => !seen.has(`${c.vehicle.id}:${c.reason}`)).slice(0, SHOW);
      if (matches.length === 0) {
        await manager.update(SavedSearchEntity, { id: row.id }, { lastAlertAt: now });
        return false;
      }
      // An address not yet verified gets no alert (the outbox refuses it): nothing is recorded as sent and the
      // search keeps its last alert time, so the first alert after verification shows these matches.
      if (!(await this.outbox.enqueue(manager, 'search-alert', this.alertMail(row, owner.email, matches)))) return false;
      await manager.update(SavedSearchEntity, { id: row.id }, { lastAlertAt: now });
      await manager.insert(
        SavedSearchAlertEntity,
        matches.map((m) => ({ savedSearchId: row.id, vehicleId: m.vehicle.id, reason: m.reason, sentAt: now })),
      );
      return true;
    });
  }

  private alertMail(row: SavedSearchEntity, to: string, matches: Match[]) {
    const base = this.config.publicUrl ?? '';
    const unsubscribeUrl = `${base}/api/searches/unsubscribe?token=${this.unsubscribe.issue(row.id)}`;
    const fresh = matches.filter((m) => m.reason === 'new').length;
    const drops = matches.length - fresh;
    const what = [fresh ? `${fresh} new ${fresh === 1 ? 'listing' : 'listings'}` : '', drops ? `${drops} price ${drops === 1 ? 'drop' : 'drops'}` : ''].filter(Boolean).join(' and ');
    const listings: MailListing[] = matches.map(({ vehicle: v, reason }) => {
      const cover = v.images[v.coverPhotoIndex] ?? v.images[0];
      return {
        title: vehicleTitle(v, true),
        detail:
          reason === 'price-drop' && v.priceDrop
            ? `Now ${formatPrice(v.price)}, ${formatPrice(v.priceDrop.amount)} less · ${formatMileage(v.mileage)}`
            : `${formatPrice(v.price)} · ${formatMileage(v.mileage)} · ${v.location}`,
        url: `${base}${sitePath('/vehicles/:id', { id: v.id })}`,
        // A JPEG where there is one: not every mail client shows WebP.
        ...(cover ? { imageUrl: cover.startsWith('http') ? cover : `${base}${socialImageOf(cover).url}` } : {}),
      };
    });
    return composeMail(this.config.site, {
      to,
      subject: `${what[0]!.toUpperCase()}${what.slice(1)} for "${row.name}"`,
      paragraphs: [`Your saved search "${row.name}" has ${what} since we last wrote.`],
      listings,
      action: { label: 'See every match', url: `${base}${sitePath('/search')}?${row.query}` },
      footer: [
        `You get this e-mail because you saved the search "${row.name}" with alerts on. Stop these alerts: ${base}${sitePath('/unsubscribe')}?token=${this.unsubscribe.issue(row.id)}`,
        `Your saved searches: ${base}${sitePath('/saved-searches')}`,
      ],
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }

  private async owned(userId: number, id: number): Promise<SavedSearchEntity> {
    const row = await this.searches.findOneBy({ id, userId });
    if (!row) throw new NotFoundException('Saved search not found');
    return row;
  }

  private async matches(query: string): Promise<number> {
    const dto = await parseSearchQuery(query).catch(() => null);
    return dto ? (await this.search.search({ ...dto, page: 1, limit: 1 })).total : 0;
  }

  private toSavedSearch(row: SavedSearchEntity, matches: number): SavedSearch {
    return {
      id: row.id,
      name: row.name,
      query: row.query,
      frequency: row.frequency,
      matches,
      createdAt: new Date(row.createdAt).toISOString(),
      lastAlertAt: row.lastAlertAt ? new Date(row.lastAlertAt).toISOString() : null,
    };
  }
}
