/**
 * Writes the tenant graph row by row with the table defaults: the demo data, the test factories,
 * the CLI's first superadmin and the benchmarks' branches all build through it.
 */
import type { Insertable, Kysely } from 'kysely';
import { newId } from '@antrean/shared/common/ids';
import type { DB } from '../schema';

type Trx = Kysely<DB>;

export class Seeder {
  constructor(
    readonly db: Trx,
    readonly now: number,
  ) {}

  private stamps() {
    return { created_at: this.now, updated_at: this.now };
  }

  async category(name: string): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('tenant_categories')
      .values({ id, name, ...this.stamps() })
      .execute();
    return id;
  }

  async tenant(values: { name: string; categoryId: string; isActive?: boolean }): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('tenants')
      .values({
        id,
        name: values.name,
        category_id: values.categoryId,
        logo_file_id: null,
        is_active: values.isActive === false ? 0 : 1,
        ...this.stamps(),
      })
      .execute();
    await this.db.insertInto('tenant_settings').values({ tenant_id: id, updated_at: this.now }).execute();
    return id;
  }

  /**
   * A theme template of the tenant in the product's colours, made its active theme. A tenant
   * created on the platform pages starts without one (its screens show the product's own look,
   * and its setup checklist asks for a theme); the demo tenants have chosen theirs.
   */
  async activeTheme(tenantId: string, name = 'Default'): Promise<string> {
    const themeId = newId(this.now);
    await this.db
      .insertInto('themes')
      .values({
        id: themeId,
        tenant_id: tenantId,
        name,
        primary_color: '#0b5cab',
        secondary_color: '#f59f00',
        sidebar_background: '#0a2540',
        page_background: '#f5f7fa',
        display_background: '#0a2540',
        display_text_color: '#ffffff',
        font_family: 'Inter, system-ui, sans-serif',
        heading_font_family: 'Inter, system-ui, sans-serif',
        labels_json: '{}',
        ...this.stamps(),
      })
      .execute();
    await this.db
      .updateTable('tenant_settings')
      .set({ active_theme_id: themeId })
      .where('tenant_id', '=', tenantId)
      .execute();
    return themeId;
  }

  async branch(
    tenantId: string,
    values: Partial<Insertable<DB['branches']>> & { code: string; name: string; time_zone: string },
  ): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('branches')
      .values({
        id,
        tenant_id: tenantId,
        address: '',
        province: '',
        city: '',
        village: '',
        category: 'Kantor Cabang',
        display_limit: 5,
        counter_limit: 10,
        ...values,
        ...this.stamps(),
      })
      .execute();
    return id;
  }

  async service(
    tenantId: string,
    values: Partial<Insertable<DB['services']>> & { name: string; code: string; sla_seconds: number },
  ): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('services')
      .values({ id, tenant_id: tenantId, type: 'both', ...values, ...this.stamps() })
      .execute();
    return id;
  }

  async subService(tenantId: string, serviceId: string, name: string, sortOrder: number): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('sub_services')
      .values({
        id,
        tenant_id: tenantId,
        service_id: serviceId,
        name,
        sort_order: sortOrder,
        ...this.stamps(),
      })
      .execute();
    return id;
  }

  async offer(tenantId: string, branchId: string, serviceId: string): Promise<void> {
    await this.db
      .insertInto('branch_services')
      .values({
        id: newId(this.now),
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: serviceId,
        ...this.stamps(),
      })
      .execute();
  }

  async counter(tenantId: string, branchId: string, number: number, serviceIds: string[]): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('counters')
      .values({
        id,
        tenant_id: tenantId,
        branch_id: branchId,
        name: `Loket ${number}`,
        number,
        ...this.stamps(),
      })
      .execute();
    for (const serviceId of serviceIds) {
      await this.db
        .insertInto('counter_services')
        .values({
          id: newId(this.now),
          tenant_id: tenantId,
          branch_id: branchId,
          counter_id: id,
          service_id: serviceId,
          created_at: this.now,
        })
        .execute();
    }
    return id;
  }

  async schedules(
    tenantId: string,
    branchId: string,
    serviceId: string,
    days: number[],
    start: string,
    end: string,
    hourlyLimit: number,
    interval: 'quarter' | 'half' | 'hour',
  ): Promise<void> {
    for (const day of days) {
      await this.db
        .insertInto('schedules')
        .values({
          id: newId(this.now),
          tenant_id: tenantId,
          branch_id: branchId,
          service_id: serviceId,
          day_of_week: day,
          shift: 'Reguler',
          start_time: start,
          end_time: end,
          hourly_limit: hourlyLimit,
          interval,
          ...this.stamps(),
        })
        .execute();
    }
  }

  async device(
    kind: 'kiosk' | 'display',
    tenantId: string,
    branchId: string,
    code: string,
    name: string,
    layout = 'classic',
  ): Promise<string> {
    const id = newId(this.now);
    if (kind === 'kiosk') {
      await this.db
        .insertInto('kiosks')
        .values({ id, tenant_id: tenantId, branch_id: branchId, name, code, ...this.stamps() })
        .execute();
    } else {
      await this.db
        .insertInto('displays')
        .values({ id, tenant_id: tenantId, branch_id: branchId, name, code, layout, ...this.stamps() })
        .execute();
    }
    await this.db
      .insertInto('global_names')
      .values({ kind, name: code, tenant_id: tenantId, target_id: id, created_at: this.now })
      .execute();
    return id;
  }

  async platformUser(username: string, fullName: string, passwordHash: string): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('platform_users')
      .values({ id, username, full_name: fullName, password_hash: passwordHash, ...this.stamps() })
      .execute();
    await this.db
      .insertInto('global_names')
      .values({
        kind: 'username',
        name: username.toLowerCase(),
        tenant_id: null,
        target_id: id,
        created_at: this.now,
      })
      .execute();
    return id;
  }

  async user(
    tenantId: string,
    values: {
      username: string;
      fullName: string;
      role: string;
      passwordHash: string;
      branchIds?: string[];
      phone?: string;
    },
  ): Promise<string> {
    const id = newId(this.now);
    await this.db
      .insertInto('users')
      .values({
        id,
        tenant_id: tenantId,
        username: values.username,
        full_name: values.fullName,
        password_hash: values.passwordHash,
        role: values.role,
        phone: values.phone ?? null,
        ...this.stamps(),
      })
      .execute();
    await this.db
      .insertInto('global_names')
      .values({
        kind: 'username',
        name: values.username.toLowerCase(),
        tenant_id: tenantId,
        target_id: id,
        created_at: this.now,
      })
      .execute();
    for (const branchId of values.branchIds ?? []) {
      await this.db
        .insertInto('user_branches')
        .values({ tenant_id: tenantId, user_id: id, branch_id: branchId, created_at: this.now })
        .execute();
    }
    return id;
  }
}
