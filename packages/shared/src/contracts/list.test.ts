import { describe, expect, it } from 'vitest';
import { CounterInputSchema } from '../domain/counter';
import {
  CounterListQuerySchema,
  CreateCounterBodySchema,
  UpdateCounterBodySchema,
} from './counters.contract';
import { pageCount } from './list';

const BRANCH = '01a2010e-3799-737e-a7b2-8131b67d4750';

describe('list query (counters)', () => {
  it('reads the query string with defaults', () => {
    expect(CounterListQuerySchema.parse({ branchId: BRANCH })).toEqual({
      branchId: BRANCH,
      page: 1,
      pageSize: 20,
      q: undefined,
      sort: 'number',
      dir: 'asc',
    });
    expect(
      CounterListQuerySchema.parse({
        branchId: BRANCH,
        page: '3',
        pageSize: '50',
        q: '  loket ',
        sort: 'name',
        dir: 'desc',
        status: 'inactive',
      }),
    ).toMatchObject({ page: 3, pageSize: 50, q: 'loket', sort: 'name', dir: 'desc', status: 'inactive' });
    expect(CounterListQuerySchema.parse({ branchId: BRANCH, q: '   ' }).q).toBeUndefined();
  });

  it('refuses an unknown sort, a page size over 100, page 0 and a missing branch', () => {
    for (const query of [
      { branchId: BRANCH, sort: 'created_at' },
      { branchId: BRANCH, pageSize: '101' },
      { branchId: BRANCH, page: '0' },
      { branchId: BRANCH, dir: 'up' },
      {},
    ]) {
      expect(CounterListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('counter input', () => {
  const valid = { name: ' Loket 1 ', number: 1, isActive: true, serviceIds: [BRANCH] };
  it('trims the name and needs a service, a whole number 1..999 and a name of 1..40 characters', () => {
    expect(CounterInputSchema.parse(valid).name).toBe('Loket 1');
    expect(CounterInputSchema.safeParse({ ...valid, serviceIds: [] }).success).toBe(false);
    expect(CounterInputSchema.safeParse({ ...valid, number: 1.5 }).success).toBe(false);
    expect(CounterInputSchema.safeParse({ ...valid, number: 1000 }).success).toBe(false);
    expect(CounterInputSchema.safeParse({ ...valid, name: 'x'.repeat(41) }).success).toBe(false);
    expect(CounterInputSchema.safeParse({ ...valid, name: '   ' }).success).toBe(false);
    expect(CounterInputSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('derives create (with the branch) and update (any field, at least one)', () => {
    expect(CreateCounterBodySchema.safeParse(valid).success).toBe(false);
    expect(CreateCounterBodySchema.safeParse({ ...valid, branchId: BRANCH }).success).toBe(true);
    expect(UpdateCounterBodySchema.safeParse({ isActive: false }).success).toBe(true);
    expect(UpdateCounterBodySchema.safeParse({}).success).toBe(false);
    expect(UpdateCounterBodySchema.safeParse({ number: 0 }).success).toBe(false);
  });
});
