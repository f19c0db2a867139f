import { expect, it } from 'vitest';
import { describeEachDatabase, multipartFile, TestClient } from '../../test/testApp.ts';

// The smallest valid PNG (1×1 transparent pixel).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const company = {
  arName: 'مؤسسة ميزان',
  engName: 'Mizan Est.',
  phone: '0911111111',
  phone2: null,
  address: 'الخرطوم',
  tradNo: '999',
  vatNo: '123',
  country_code: 'SD',
  currency_code: 'SDG',
  currency_symbol: 'ج.س',
  currency_decimals: 2,
};

describeEachDatabase('company, store and users settings', (ctx) => {
  const as = async (user: string, password: string, store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, store);
    return c;
  };

  it('an administrator edits the company; a cashier may not', async () => {
    const admin = await as('admin', 'admin123');
    const saved = await admin.post('/api/company/update', company);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0]).toMatchObject({ arName: 'مؤسسة ميزان', vatNo: '123', currency_symbol: 'ج.س' });
    const cashier = await as('cashier', 'cashier123');
    const refused = await cashier.post('/api/company/update', company);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'settings' });
  });

  it('a Saudi company needs a 15-digit VAT number; currency codes are checked', async () => {
    const admin = await as('admin', 'admin123');
    const bad = await admin.post('/api/company/update', { ...company, country_code: 'SA', vatNo: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.vatNo).toBe('VAT_NO_SAUDI');
    const good = await admin.post('/api/company/update', {
      ...company,
      country_code: 'SA',
      vatNo: '300123456700003',
      currency_code: 'SAR',
      currency_symbol: 'ر.س',
    });
    expect(good.statusCode).toBe(200);
    // Typed on an Arabic keyboard: the VAT number (it goes into the tax QR) and the phones are kept in Western digits.
    const arabicDigits = await admin.post('/api/company/update', {
      ...company,
      country_code: 'SA',
      vatNo: '٣٠٠١٢٣٤٥٦٧٠٠٠٠٣',
      phone: '٠٥٠١٢٣٤٥٦٧',
      phone2: '۰۱۱ ۴۵۶',
      currency_code: 'SAR',
      currency_symbol: 'ر.س',
    });
    expect(arabicDigits.statusCode).toBe(200);
    expect(arabicDigits.json().data[0]).toMatchObject({
      vatNo: '300123456700003',
      phone: '0501234567',
      phone2: '011 456',
    });
    expect(
      (await admin.post('/api/company/update', { ...company, currency_code: 'sd' })).json().error.fields.currency_code,
    ).toBe('CURRENCY_CODE_FORMAT');
  });

  it('the logo is uploaded as an image, served back, and its URL changes with it', async () => {
    const admin = await as('admin', 'admin123');
    const uploaded = await admin.upload('/api/company/uploadLogo', multipartFile('logo', 'logo.png', 'image/png', PNG));
    expect(uploaded.statusCode).toBe(200);
    const { logoUrl } = uploaded.json().data[0];
    expect(logoUrl).toMatch(/^\/api\/company\/logo\?v=[0-9a-f]{12}$/);
    expect((await admin.get('/api/company/read')).json().data[0].logoUrl).toBe(logoUrl);
    const image = await admin.get(logoUrl);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const notImage = await admin.upload(
      '/api/company/uploadLogo',
      multipartFile('logo', 'x.txt', 'text/plain', Buffer.from('hi')),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.fields.logo).toBe('LOGO_TYPE');
  });

  it('an administrator renames the store they are signed in to, but not another one', async () => {
    const admin = await as('admin', 'admin123', 2);
    const renamed = await admin.post('/api/store/update', {
      id: 2,
      store_name: 'فرع أمدرمان الجديد',
      location: 'الموردة',
    });
    expect(renamed.json().data[0]).toMatchObject({ id: 2, store_name: 'فرع أمدرمان الجديد', location: 'الموردة' });
    expect((await admin.post('/api/store/update', { id: 1, store_name: 'x' })).statusCode).toBe(403);
  });

  it('an administrator adds a user, resets a password and disables a user, whose session ends at once', async () => {
    const admin = await as('admin', 'admin123');
    const created = await admin.post('/api/users/create', {
      user_name: 'sara',
      full_name: 'سارة محمد',
      password: 'sara-pass-1',
    });
    expect(created.statusCode).toBe(200);
    const sara = created.json().data[0];
    expect(sara).toEqual({
      id: expect.any(Number),
      user_name: 'sara',
      full_name: 'سارة محمد',
      is_admin: false,
      is_active: true,
      // Not an administrator: a cashier until given another role (docs/permissions.md).
      role_id: 5,
    });
    expect(JSON.stringify(created.json())).not.toContain('sara-pass-1');
    expect(
      (await admin.get('/api/users/readByStore')).json().data.map((u: { user_name: string }) => u.user_name),
    ).toContain('sara');

    const short = await admin.post('/api/users/create', { user_name: 'x1', full_name: 'س', password: 'short' });
    expect(short.json().error.fields.password).toBe('PASSWORD_TOO_SHORT');
    expect(
      (await admin.post('/api/users/create', { user_name: 'sara', full_name: 'س', password: 'another-pass' }))
        .statusCode,
    ).toBe(409);

    const saraClient = await as('sara', 'sara-pass-1');
    expect((await saraClient.get('/api/users/me')).statusCode).toBe(200);
    expect(
      (await saraClient.post('/api/users/resetPassword', { id: sara.id, password: 'whatever-1' })).statusCode,
    ).toBe(403);

    expect((await admin.post('/api/users/resetPassword', { id: sara.id, password: 'new-pass-123' })).statusCode).toBe(
      200,
    );
    expect((await saraClient.get('/api/users/me')).statusCode).toBe(401);
    expect((await new TestClient(ctx().app, '10.9.9.1').signIn('sara', 'sara-pass-1')).statusCode).toBe(401);
    const again = await as('sara', 'new-pass-123');
    expect((await again.get('/api/users/me')).statusCode).toBe(200);

    expect((await admin.post('/api/users/setActive', { id: sara.id, is_active: false })).statusCode).toBe(200);
    expect((await again.get('/api/users/me')).statusCode).toBe(401);
    expect((await new TestClient(ctx().app, '10.9.9.2').signIn('sara', 'new-pass-123')).statusCode).toBe(401);
    const self = await admin.post('/api/users/setActive', {
      id: (await admin.get('/api/users/me')).json().data[0].id,
      is_active: false,
    });
    expect(self.statusCode).toBe(400);
  });

  it('users of another store are out of reach', async () => {
    const admin2 = await as('admin', 'admin123', 2);
    const cashierId = (await (await as('cashier', 'cashier123')).get('/api/users/me')).json().data[0].id;
    expect((await admin2.get('/api/users/readByStore')).json().data.map((u: { id: number }) => u.id)).not.toContain(
      cashierId,
    );
    expect((await admin2.post('/api/users/resetPassword', { id: cashierId, password: 'hijacked-1' })).statusCode).toBe(
      404,
    );
  });
});
