// SPDX-License-Identifier: MIT
// Drives the page of a running `chopsticks serve` in Debian's headless Chromium
// (puppeteer-core, installed by scripts/setup; nothing is downloaded) like a user, and
// checks it against the CLI's JSON: no console error, the moves shown for several positions
// exactly `chopsticks show CODE --format json`'s, a click plays a move and the URL follows,
// undo and redo (keys u and r), best move, the hands drawn (a blank or broken page fails).
// Screenshots go to OUT. Prints one line per failed check, the timings, and the tally.
// usage: node page.mjs URL BIN OUT NAME [--players N] [--positions CODE,CODE] [--game OPTIONS]
//                       [--time-moves N] [--line CODE~CODE...]
import { execFileSync } from 'node:child_process';
import puppeteer from 'puppeteer-core';

const [url, bin, out, name, ...rest] = process.argv.slice(2);
const option = (key, fallback) => (rest.includes(key) ? rest[rest.indexOf(key) + 1] : fallback);
const players = Number(option('--players', '2'));
const positions = option('--positions', '').split(',').filter((c) => c);
const timeMoves = Number(option('--time-moves', '0'));
const gameArgs = option('--game', '').split(' ').filter((w) => w);
const shotLine = option('--line', ''); // a line (CODE~CODE...) to open and screenshot last
let passed = 0, failed = 0;

function check(ok, what, detail = '') {
	if (ok)
		passed++;
	else {
		failed++;
		console.log(`FAIL: ${name}: ${what} ${detail}`.slice(0, 600));
	}
}

const errors = [];
const browser = await puppeteer.launch({
	executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
	headless: true,
	args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions'],
});
try {
	const page = await browser.newPage();
	await page.setViewport({ width: 1280, height: 860 });
	page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('requestfailed', (r) => errors.push('request failed: ' + r.url()));

	// Load: interactive (the position drawn) within a second of opening the URL.
	const start = Date.now();
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 }).catch((e) => {
		throw new Error(`the page never became ready: ${errors.join(' | ')}`, { cause: e });
	});
	const loadMs = Date.now() - start;
	const readyMs = Number(await page.evaluate(() => document.body.dataset.readyMs));
	console.log(`${name}: interactive ${readyMs} ms after the navigation began (${loadMs} ms as the driver saw it)`);
	check(readyMs < 5000, 'interactive within 5 s (target 1 s; a loaded machine is slower)', `${readyMs} ms`);
	await drawn(page, 'on load');

	for (const code of positions)
		await compare(page, code);
	await playAndUndo(page);
	if (timeMoves)
		await timePlays(page, timeMoves);
	await page.screenshot({ path: `${out}/serve-${name}.png` });
	if (shotLine) {
		await open(page, shotLine);
		check(await line(page) === shotLine, 'a link opens its line', await line(page));
		await drawn(page, `the line ${shotLine}`);
		await page.screenshot({ path: `${out}/serve-${name}-line.png` });
	}
	check(errors.length === 0, 'no console error', errors.join(' | '));
} finally {
	await browser.close();
}
console.log(`${name}: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

// The seats and hands are drawn, every move is listed, the code shown: not a blank page.
async function drawn(page, when) {
	const got = await page.evaluate(() => ({
		seats: document.querySelectorAll('#board g.seat').length,
		hands: document.querySelectorAll('#board g.hand').length,
		moves: document.querySelectorAll('#moves button.move').length,
		article: document.getElementById('article').textContent,
		rules: document.getElementById('rules').textContent,
		notice: document.getElementById('notice').hidden,
	}));
	check(got.seats === players, `${when}: ${players} seats drawn`, JSON.stringify(got));
	check(got.hands >= players, `${when}: hands drawn`, JSON.stringify(got));
	check(/^\[.*\]$/.test(got.article), `${when}: the article's notation shown`, got.article);
	check(got.rules.includes('rules: players='), `${when}: the rules line shown`, got.rules);
	check(got.notice, `${when}: no notice`, JSON.stringify(got));
}

async function open(page, code) {
	const game = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('game'));
	await page.evaluate(() => { document.body.dataset.ready = '0'; });
	await page.goto(`${url}#game=${encodeURIComponent(game)}&line=${encodeURIComponent(code)}`);
	await page.reload({ waitUntil: 'domcontentloaded' });
	await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
}

function movesShown(page) {
	return page.evaluate(() => [...document.querySelectorAll('#moves button.move')].map((b) => ({
		move: b.dataset.move, result: b.dataset.result, value: b.dataset.value,
		remoteness: b.dataset.remoteness === '' ? null : Number(b.dataset.remoteness),
	})));
}

// The moves shown at code are exactly show's, in its order, with their values.
async function compare(page, code) {
	await open(page, code);
	const shown = await movesShown(page);
	const cli = JSON.parse(execFileSync(bin, ['show', code, ...gameArgs, '--format', 'json']).toString());
	const want = cli.moves.map((m) => ({ move: m.move, result: m.result, value: m.value, remoteness: m.remoteness }));
	check(JSON.stringify(shown) === JSON.stringify(want), `moves at ${code} are show's`,
		`\n  page: ${JSON.stringify(shown)}\n  show: ${JSON.stringify(want)}`);
	const arrows = await page.evaluate(() => document.querySelectorAll('#board .arrow').length);
	const own = await page.evaluate(() => document.querySelectorAll('#own-moves button').length);
	check(arrows + own === want.length, `every move at ${code} drawn (arrow or chip)`, `${arrows} + ${own} of ${want.length}`);
	await drawn(page, `at ${code}`);
}

function line(page) {
	return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('line'));
}

function at(page) {
	return page.evaluate(() => document.body.dataset.position);
}

async function settle(page, position) {
	await page.waitForFunction((p) => document.body.dataset.position === p, { timeout: 10000 }, position)
		.catch(() => console.log(`${name}: waited 10 s for ${position}`));
}

// Click the first arrow (or move), check the URL; then u, r, and the best-move button.
async function playAndUndo(page) {
	await open(page, (await page.evaluate(() => document.body.dataset.position)));
	const before = await at(page), lineBefore = await line(page);
	const target = await page.evaluate(() => {
		const arrows = document.querySelectorAll('#board .arrow'); // the last is drawn on top
		const a = arrows[arrows.length - 1] || document.querySelector('#moves button.move');
		return a ? document.querySelector(`#moves button[data-move="${CSS.escape(a.dataset.move)}"]`).dataset.result : null;
	});
	check(target !== null, 'a move to click', before);
	if (!target)
		return;
	const circles = await page.$$('#board .arrow circle');
	await (circles.length ? circles[circles.length - 1] : await page.$('#moves button.move')).click();
	await settle(page, target);
	check(await at(page) === target, 'the click played the move', `${await at(page)} vs ${target}`);
	check(await line(page) === `${lineBefore}~${target}`, 'the URL follows', await line(page));
	await page.screenshot({ path: `${out}/serve-${name}-played.png` });
	await page.keyboard.press('u');
	await settle(page, before);
	check(await at(page) === before && await line(page) === lineBefore, 'u undoes', await line(page));
	await page.keyboard.press('r');
	await settle(page, target);
	check(await at(page) === target, 'r redoes', await at(page));
	const best = await page.evaluate(() => document.querySelector('#moves button.move')?.dataset.result);
	if (best) {
		await page.click('#best');
		await settle(page, best);
		check(await at(page) === best, 'best move plays the first move', await at(page));
	}
	// Tab reaches a move; Enter plays it.
	const played = (await line(page)).split('~');
	await page.click('#undo');
	await settle(page, played[played.length - 2]);
	await page.focus('#moves button.move');
	const focused = await page.evaluate(() => document.activeElement.dataset.result);
	await page.keyboard.press('Enter');
	await settle(page, focused);
	check(await at(page) === focused, 'Enter on a focused move plays it', await at(page));
}

// Plays the best move n times from where it is, timing click to drawn: in the page (from
// the click's handler to the position drawn) and as the driver sees it.
async function timePlays(page, n) {
	const times = [], inPage = [];
	for (let i = 0; i < n; i++) {
		const best = await page.evaluate(() => document.querySelector('#moves button.move')?.dataset.result);
		if (!best)
			break;
		const t0 = Date.now();
		await page.click('#moves button.move');
		await settle(page, best);
		times.push(Date.now() - t0);
		inPage.push(Number(await page.evaluate(() => document.body.dataset.playMs)));
	}
	times.sort((a, b) => a - b);
	inPage.sort((a, b) => a - b);
	console.log(`${name}: move played to drawn: median ${inPage[inPage.length >> 1]} ms, max ${inPage[inPage.length - 1]} ms over ${inPage.length} moves in the page (driver: median ${times[times.length >> 1]} ms)`);
}
