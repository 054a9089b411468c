import fs from 'node:fs';
import Database from 'better-sqlite3';
import { builtChunk } from '../support/build';
import {
  addMargheritas,
  chooseFirstTime,
  owner as demoOwner,
  fillCard,
  fillGuest,
  openCheckoutFromCart,
  ownerToken,
} from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';
import { createTenant, type E2eTenant, signUpStaff } from '../support/tenants';

// The back office loads its chunks and data after the shell; a busy machine is slow.
const expect = baseExpect.configure({ timeout: 15_000 });

const zone = 'Australia/Sydney';

/** The local date in Sydney of an instant, 'YYYY-MM-DD'. */
const localDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The UTC instant of a Sydney wall-clock time (two passes settle the offset, DST included). */
function sydneyInstant(date: string, time: string) {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    at += wall - shown;
  }
  return new Date(at).toISOString();
}

/** Last week's Monday in Sydney (weeks start on Monday, as the report's presets do). */
function lastMonday() {
  const today = localDate(new Date());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((weekday + 6) % 7) - 7);
}

interface SeedOrder {
  day: string;
  time: string;
  method: 'pickup' | 'delivery' | 'dine_in';
  payment: 'card' | 'cash_on_delivery';
  name: string;
  quantity: number;
  subtotal: number;
  tax: number;
  delivery?: number;
  tip?: number;
  /** The staff member who moved it on from the order board (decision 047). */
  handledBy?: number;
}

/** Orders as placing leaves them (snapshot and money columns), placed at chosen times last week. */
function seedOrders(tenant: E2eTenant, userId: number, orders: SeedOrder[]) {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set');
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const restaurant = db.prepare('select id from restaurants where tenant_id = ?').get(tenant.id) as { id: number };
    const insert = db.prepare(
      `insert into orders (tenant_id, restaurant_id, user_id, order_number, status, method, table_id, customer_name,
         customer_email, customer_phone, payment_method, payment_status, currency, subtotal_cents, discount_cents,
         tax_cents, delivery_cents, surcharge_cents, tip_cents, total_cents, amount_due_cents, item_count, snapshot,
         access_token_hash, placed_at, created_at, updated_at, handled_by_user_id)
       values (?, ?, ?, ?, 'completed', ?, ?, 'Seeded', 'seeded@e2e.test', '0400 000 000', ?, ?, 'AUD', ?, 0, ?, ?, 0,
         ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    orders.forEach((o, i) => {
      const at = sydneyInstant(o.day, o.time);
      const total = o.subtotal + (o.delivery ?? 0);
      const snapshot = {
        lines: [
          {
            id: 1,
            name: o.name,
            quantity: o.quantity,
            unit_price: o.subtotal / o.quantity,
            item_total: o.subtotal,
            discount_amount: 0,
            order_level_discount: 0,
            discounted_item_total: o.subtotal,
            tax: o.tax,
            is_free: false,
            notes: null,
            details: [],
          },
        ],
        adjustments: [],
      };
      insert.run(
        tenant.id,
        restaurant.id,
        userId,
        String(2001 + i),
        o.method,
        o.method === 'dine_in' ? 'T4' : null,
        o.payment,
        o.payment === 'card' ? 'paid' : 'unpaid',
        o.subtotal,
        o.tax,
        o.delivery ?? 0,
        o.tip ?? 0,
        total,
        total + (o.tip ?? 0),
        o.quantity,
        JSON.stringify(snapshot),
        `seeded-${tenant.id}-${i}`,
        at,
        at,
        at,
        o.handledBy ?? null,
      );
    });
  } finally {
    db.close();
  }
}

test.describe('sales reports', () => {
  test("the owner opens last week's report and sees its charts, each with a table alternative", async ({
    page,
    baseURL,
    axeViolations,
    pageErrors,
  }) => {
    test.slow();
    const tenant = createTenant(baseURL as string, { name: 'Report Diner' });
    const owner = await signUpStaff(page.request, tenant, 'owner');
    const monday = lastMonday();
    seedOrders(tenant, owner.user.id, [
      {
        day: monday,
        time: '12:30',
        method: 'pickup',
        payment: 'card',
        name: 'Margherita',
        quantity: 2,
        subtotal: 4000,
        tax: 364,
      },
      {
        day: addDays(monday, 2),
        time: '19:10',
        method: 'delivery',
        payment: 'card',
        name: 'Lasagne',
        quantity: 1,
        subtotal: 3000,
        tax: 273,
        delivery: 500,
        tip: 300,
        handledBy: owner.user.id,
      },
      {
        day: addDays(monday, 4),
        time: '18:05',
        method: 'dine_in',
        payment: 'cash_on_delivery',
        name: 'Tiramisu',
        quantity: 2,
        subtotal: 2500,
        tax: 227,
      },
    ]);

    // A customer on the storefront never downloads the charts.
    const charts = builtChunk('src/features/admin/components/report-charts.tsx');
    const chartChunks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === charts) chartChunks.push(r.url());
    });
    await page.goto(`${tenant.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${tenant.url}/menu`);
    await page.waitForLoadState('networkidle');
    expect(chartChunks).toEqual([]);

    await page.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [owner.token, JSON.stringify(owner.user)] as const,
    );
    await page.goto(`${tenant.url}/admin/orders`);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last week' });
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(monday);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(addDays(monday, 6));
    await page.getByRole('button', { name: 'Show report' }).click();

    const figure = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=..');
    await expect(figure('Net sales')).toContainText('$103.00');
    await expect(figure('Orders')).toContainText('3');
    await expect(figure('Tips')).toContainText('$3.00');
    await expect(figure('Delivery fees')).toContainText('$5.00');
    await expect(figure('Tax collected')).toContainText('$8.64');

    // The charts, drawn once the page asks for them, each next to its table.
    await expect(page.getByRole('img', { name: 'Net sales by day' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Orders by weekday and hour' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Net sales by method' })).toBeVisible();
    expect(chartChunks.length).toBeGreaterThan(0);

    const days = page.getByRole('table', { name: 'Sales by day' });
    await expect(days.getByRole('row')).toHaveCount(1 + 7);
    const wednesday = days.getByRole('row').nth(3);
    await expect(wednesday.getByRole('cell').last()).toHaveText('$2.73');
    await expect(wednesday).toContainText('$38.00');
    const hours = page.getByRole('table', { name: 'Orders by hour and weekday' });
    await expect(hours.getByRole('row', { name: /19:00/ })).toContainText('$38.00');
    const methods = page.getByRole('table', { name: 'Sales by method' });
    await expect(methods.getByRole('row', { name: /Dine-in/ })).toContainText('$25.00');
    // Tips by who moved each order on from the board; the others were never recorded.
    const staffTips = page.getByRole('table', { name: 'Tips by staff member' });
    await expect(staffTips.getByRole('row', { name: new RegExp(owner.user.name) })).toContainText('$3.00');
    await expect(staffTips.getByRole('row', { name: /Not recorded/ })).toContainText('$0.00');
    const tipsCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download tips by staff member (CSV)' }).click();
    const tipsFile = fs.readFileSync((await (await tipsCsv).path()) as string, 'utf8');
    expect(tipsFile.split('\r\n')).toContain(`${owner.user.name},1,3.00,0.00,3.00`);
    const products = page.getByRole('table', { name: 'Top products by sales' });
    await expect(products.getByRole('row').nth(1)).toContainText('Margherita');

    // The accountant's copy: every order line of the week.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download order lines (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sales-lines-${monday}-to-${addDays(monday, 6)}.csv`);

    expect(await axeViolations()).toEqual([]);
    // A tenant's own *.e2e.test host is plain HTTP: Chromium notes that it ignores the opener policy there.
    expect(pageErrors.filter((e) => !e.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
  });
});

test.describe('tax invoices', () => {
  test('a customer pays by card and downloads the tax invoice of the order', async ({
    page,
    request,
    axeViolations,
  }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await chooseFirstTime(page, 'Pickup time');
    await fillGuest(page, `invoice-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
    await expect(page.getByTestId('order-total')).toHaveText('$38.00');
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order #', '') ?? '';

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download tax invoice' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
    const pdf = fs.readFileSync((await file.path()) as string);
    expect(pdf.subarray(0, 7).toString('latin1')).toBe('%PDF-1.');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(await axeViolations()).toEqual([]);
  });
});

test.describe('tips', () => {
  // Both tests change the demo business's tip settings: one after the other.
  test.describe.configure({ mode: 'serial' });

  test('a customer tips 10 % on a card order and the order board shows it', async ({
    page,
    browser,
    request,
    axeViolations,
  }) => {
    test.slow();
    const headers = { authorization: `Bearer ${await ownerToken(request)}` };
    const on = {
      methods: { pickup: true, delivery: false, dine_in: false },
      presets: [5, 10, 15],
      allow_custom: true,
      taxed: false,
    };
    baseExpect((await request.put('/api/v2/admin/tips', { headers, data: on })).status()).toBe(200);
    try {
      await chooseRestaurant(page, request, 'Surry Hills');
      await addMargheritas(page);
      await openCheckoutFromCart(page);
      await chooseFirstTime(page, 'Pickup time');
      await fillGuest(page, `tip-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const tips = page.getByRole('group', { name: 'Add a tip?' });
      await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
      await tips.getByRole('radio', { name: '10%' }).check();
      expect(await axeViolations()).toEqual([]);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/checkout\/success$/);
      await page.getByRole('link', { name: 'Track your order' }).click();
      await expect(page.getByTestId('order-total')).toHaveText('$38.00');
      await expect(page.getByTestId('order-tip')).toContainText('$3.80');
      const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order #', '') ?? '';

      // The kitchen's board, in the owner's browser.
      const staff = await (await browser.newContext()).newPage();
      await chooseRestaurant(staff, request, 'Surry Hills');
      await staff.goto('/admin');
      await staff.getByRole('link', { name: 'Sign in' }).click();
      await staff.getByLabel('Email').fill(demoOwner.email);
      await staff.getByLabel('Password').fill(demoOwner.password);
      await staff.getByRole('button', { name: 'Log in' }).click();
      await expect(staff).toHaveURL(/\/admin\/orders$/);
      const card = staff.getByRole('article', { name: `Order ${number}` });
      await expect(card).toContainText('$38.00 + $3.80 tip');
    } finally {
      await request.put('/api/v2/admin/tips', {
        headers,
        data: { ...on, methods: { pickup: false, delivery: false, dine_in: false } },
      });
    }
  });

  test('an owner turns tips on with a custom amount on the Tips screen; a customer tips $2.50 and the board shows it', async ({
    page,
    browser,
    request,
    axeViolations,
  }) => {
    test.slow();
    const headers = { authorization: `Bearer ${await ownerToken(request)}` };
    try {
      await chooseRestaurant(page, request, 'Surry Hills');
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(demoOwner.email);
      await page.getByLabel('Password').fill(demoOwner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await page.getByRole('link', { name: 'Tips', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Tips' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Tip settings' });
      const presets = form.getByLabel('Percentages offered as buttons');
      await form.getByRole('checkbox', { name: 'Pickup' }).check();
      await form.getByRole('checkbox', { name: /type an amount of their own/ }).check();
      await form.getByRole('checkbox', { name: /Tips include the business’s tax/ }).check();
      await presets.fill('5, 10, 10');
      await form.getByRole('button', { name: 'Save tips' }).click();
      await expect(form.getByText('Each percentage once')).toBeVisible();
      await expect(presets).toHaveAttribute('aria-invalid', 'true');
      await presets.fill('5, 10, 15');
      await form.getByRole('button', { name: 'Save tips' }).click();
      await expect(page.getByText('Tips saved')).toBeVisible();
      expect(await axeViolations()).toEqual([]);
      const saved = await (await request.get('/api/v2/admin/tips', { headers })).json();
      baseExpect(saved.data).toEqual({
        methods: { pickup: true, delivery: false, dine_in: false },
        presets: [5, 10, 15],
        allow_custom: true,
        taxed: true,
      });

      // A customer, in a browser of their own.
      const shopper = await (await browser.newContext()).newPage();
      await chooseRestaurant(shopper, request, 'Surry Hills');
      await addMargheritas(shopper);
      await openCheckoutFromCart(shopper);
      await chooseFirstTime(shopper, 'Pickup time');
      await fillGuest(shopper, `custom-tip-${Date.now()}@example.com`);
      await shopper.getByRole('button', { name: 'Continue to payment' }).click();
      const tips = shopper.getByRole('group', { name: 'Add a tip?' });
      await tips.getByRole('radio', { name: 'Other amount' }).check();
      await tips.getByRole('textbox', { name: 'Tip amount ($)' }).fill('2.50');
      await fillCard(shopper, '4242 4242 4242 4242');
      await shopper.getByRole('button', { name: 'Place order' }).click();
      await expect(shopper).toHaveURL(/\/checkout\/success$/);
      await shopper.getByRole('link', { name: 'Track your order' }).click();
      await expect(shopper.getByTestId('order-total')).toHaveText('$38.00');
      await expect(shopper.getByTestId('order-tip')).toContainText('$2.50');
      const number = (await shopper.getByRole('heading', { level: 1 }).textContent())?.replace('Order #', '') ?? '';

      // The owner's board shows it.
      await page.getByRole('link', { name: /^Orders/ }).click();
      await expect(page.getByRole('article', { name: `Order ${number}` })).toContainText('$38.00 + $2.50 tip');
    } finally {
      await request.put('/api/v2/admin/tips', {
        headers,
        data: {
          methods: { pickup: false, delivery: false, dine_in: false },
          presets: [5, 10, 15],
          allow_custom: true,
          taxed: false,
        },
      });
    }
  });
});
