// SPDX-License-Identifier: MIT
// The explorer of `chopsticks serve`: draws the position the server answers for
// (/api/v1/position), plays the moves clicked, keeps the line played (undo, redo) in the
// URL (#game=OPTIONS&line=CODE~CODE...), and charts the values of that line. It computes no
// game logic: every move, value and hand comes from the server. Seats are fixed around the
// table (seat 1 at the bottom); the codes list the player to move first.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const WORDS = { win: 'win', loss: 'loss', draw: 'draw' };

const state = {
	game: null,      // /api/v1/game
	strategy: null,  // /api/v1/strategy
	line: [],        // codes played, the start first
	redo: [],        // codes undone, the next redo last
	cache: new Map(),
	auto: new Set(), // seats (0-based) that perfect play moves for
	busy: false,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, text) {
	const node = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
	for (const [k, v] of Object.entries(attrs))
		node.setAttribute(k, v);
	if (text !== undefined)
		node.textContent = text;
	return node;
}

async function getJson(path) {
	for (;;) {
		const response = await fetch(path, { cache: 'no-store' });
		if (response.status !== 503)
			return { status: response.status, body: await response.json() };
		$('rules').textContent = 'Solving the game…';
		await new Promise((done) => setTimeout(done, 150));
	}
}

async function position(code) {
	if (!state.cache.has(code)) {
		const { status, body } = await getJson('/api/v1/position?code=' + encodeURIComponent(code));
		if (status !== 200)
			throw new Error(body.message || 'error ' + status);
		state.cache.set(code, body);
	}
	return state.cache.get(code);
}

// ---- values ------------------------------------------------------------------------------

// The value of a position for the player to move there: {value, remoteness}.
function moverValue(p) {
	return p.seats ? p.seats[0] : { value: p.value, remoteness: p.remoteness };
}

function valueText(v) {
	if (v.remoteness === 0)
		return v.value === 'win' ? 'has won' : 'has lost';
	return v.value === 'draw' ? 'draw' : `${WORDS[v.value]} in ${v.remoteness}`;
}

// Paler with remoteness: the nearest end is full colour.
function shade(v, longest) {
	if (v.value === 'draw' || !longest)
		return 1;
	return 1 - 0.55 * Math.min(v.remoteness, longest) / longest;
}

const colours = new Map(); // the CSS variables of style.css, read once

function colour(name) {
	if (!colours.has(name))
		colours.set(name, getComputedStyle(document.documentElement).getPropertyValue('--' + name).trim());
	return colours.get(name);
}

// ---- URL -----------------------------------------------------------------------------------

function writeUrl() {
	const code = state.line.map(encodeURIComponent).join('~');
	const hash = `#game=${encodeURIComponent(state.game.rules.options)}&line=${code}`;
	history.replaceState(null, '', hash);
}

// The line of the URL, when it names this game; else the start.
function readUrl() {
	const args = new URLSearchParams(location.hash.slice(1));
	const game = args.get('game');
	if (game !== null && game !== state.game.rules.options) {
		notice(`This link is for the game "${game}"; the server explores "${state.game.rules.options}". Showing its start.`);
		return [state.game.start];
	}
	const line = (args.get('line') || '').split('~').filter((c) => c.length);
	return line.length ? line : [state.game.start];
}

function notice(text) {
	$('notice').textContent = text;
	$('notice').hidden = !text;
}

// ---- the board -----------------------------------------------------------------------------

function seatOfMover() {
	return (state.line.length - 1) % state.game.players;
}

// Centre of seat s on the table: seat 1 at the bottom, the others clockwise.
function seatCentre(s, players) {
	const angle = Math.PI / 2 + (2 * Math.PI * s) / players;
	const rx = players === 2 ? 0 : players === 3 ? 215 : 190, ry = 150;
	return [320 + rx * Math.cos(angle), 215 + ry * Math.sin(angle)];
}

// Fingers up on a hand written as "3" or "2h" (two and a half).
function fingers(text) {
	return parseInt(text, 10) + (text.endsWith('h') ? 0.5 : 0);
}

function drawHand(g, x, y, text, width, scale) {
	const up = fingers(text);
	const slots = Math.max(1, state.game.rules.rollover - 1);
	const hand = el('svg:g', { class: up === 0 ? 'hand dead' : 'hand' });
	const fw = Math.max(2, Math.min(14, (width - 8) / slots - 2));
	const span = slots * (fw + 2) - 2;
	for (let i = 0; i < slots; i++) {
		const raised = i < Math.floor(up) ? 1 : i < up ? 0.55 : 0;
		const h = raised ? 34 * raised * scale : 9 * scale;
		hand.append(el('svg:rect', {
			class: raised ? 'finger' : 'finger down', x: x - span / 2 + i * (fw + 2), y: y - 14 * scale - h,
			width: fw, height: h + 6, rx: fw / 2 }));
	}
	hand.append(el('svg:rect', { class: 'palm', x: x - width / 2, y: y - 14 * scale, width, height: 36 * scale, rx: Math.min(12, width / 4) }));
	const count = el('svg:text', { class: 'count', x, y: y + 11 * scale }, up === 0 ? '×' : text);
	if (width < 50)
		count.setAttribute('font-size', Math.max(11, width / 2.4));
	hand.append(count);
	g.append(hand);
}

// Draws every seat; returns the centre of each hand: hands[player from mover][i] = [x, y].
function drawSeats(svg, p) {
	const players = state.game.players, mover = seatOfMover();
	const room = players === 2 ? 600 : players === 3 ? 280 : 200; // the width a seat may take
	const spots = [];
	for (let s = 0; s < players; s++) {
		const k = (s - mover + players) % players; // this seat in the code: 0 is the mover
		const hands = p.hands[k];
		const [cx, cy] = seatCentre(s, players);
		const step = Math.min(96, (room - 30) / hands.length), scale = players > 3 ? 0.8 : 1;
		const width = Math.max(players > 3 ? 160 : 170, hands.length * step + 30);
		const g = el('svg:g', { class: 'seat', 'data-seat': s + 1 });
		g.append(el('svg:rect', { class: k === 0 ? 'seat-box to-move' : 'seat-box', x: cx - width / 2, y: cy - 62 * scale, width, height: 118 * scale, rx: 14 }));
		g.append(el('svg:text', { class: 'seat-name', x: cx - width / 2 + 10, y: cy - 44 * scale }, `Player ${s + 1}${k === 0 ? ' · to move' : ''}`));
		const duel = p.seats ? p.seats[k] : k === 0 ? moverValue(p) : flip(moverValue(p));
		const note = el('svg:text', { class: 'seat-note', x: cx + width / 2 - 10, y: cy + 48 * scale, 'text-anchor': 'end' }, valueText(duel));
		note.setAttribute('fill', colour(duel.value === 'draw' ? 'muted' : duel.value + '-ink'));
		g.append(note);
		spots[k] = hands.map((text, i) => {
			const x = cx + (i - (hands.length - 1) / 2) * step, y = cy + 12 * scale;
			drawHand(g, x, y, text, step - 12, scale);
			return [x, y];
		});
		svg.append(g);
	}
	return spots;
}

function flip(v) {
	return { value: v.value === 'win' ? 'loss' : v.value === 'loss' ? 'win' : 'draw', remoteness: v.remoteness };
}

// An attack "a->b" or "a->b@k": {from, to, player}; null for a move of the mover's own hands.
function attack(move, p) {
	const m = /^([0-9.]+h?)->([0-9.]+h?)(?:@(\d+))?$/.exec(move.move);
	if (!m || (p.hands[0].length > 1 && m[1] === p.hands[0].join('')))
		return null;
	const player = m[3] ? Number(m[3]) : 1;
	const from = p.hands[0].indexOf(m[1]), to = p.hands[player] ? p.hands[player].indexOf(m[2]) : -1;
	return from < 0 || to < 0 ? null : { from, to, player };
}

function longestOf(p) {
	return Math.max(1, ...p.moves.map((m) => (m.value === 'draw' ? 0 : m.remoteness)));
}

function drawArrow(svg, move, a, spots, index, count, longest) {
	const [x1, y1] = spots[0][a.from], [x2, y2] = spots[a.player][a.to];
	const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1, ux = dx / len, uy = dy / len;
	// Out of the mover's seat box and into the target's, bent by the move's index so that
	// arrows between the same hands part and their labels do not meet.
	const sx = x1 + ux * 78, sy = y1 + uy * 78, ex = x2 - ux * 72, ey = y2 - uy * 72;
	const spread = count > 1 ? index / (count - 1) : 0.5;
	const bend = (spread - 0.5) * 24 * Math.min(count, 4);
	const mx = (sx + ex) / 2 - uy * bend, my = (sy + ey) / 2 + ux * bend;
	const d = `M${sx},${sy} Q${mx},${my} ${ex},${ey}`;
	const v = { value: move.value, remoteness: move.remoteness };
	const g = el('svg:g', { class: 'arrow', tabindex: 0, role: 'button', 'data-move': move.move,
		'aria-label': `${move.move}: ${valueText(v)}` });
	g.append(el('svg:title', {}, `${move.move} → ${move.result}: ${valueText(v)}`));
	g.append(el('svg:path', { class: 'hit', d }));
	g.append(el('svg:path', { class: 'line', d, stroke: colour(move.value), 'stroke-opacity': shade(v, longest),
		'marker-end': `url(#head-${move.value})` }));
	const t = 0.25 + 0.5 * spread, lx = (1 - t) ** 2 * sx + 2 * t * (1 - t) * mx + t * t * ex;
	const ly = (1 - t) ** 2 * sy + 2 * t * (1 - t) * my + t * t * ey;
	g.append(el('svg:circle', { cx: lx, cy: ly, r: 13, fill: colour(move.value), 'fill-opacity': shade(v, longest) }));
	g.append(el('svg:text', { x: lx, y: ly }, move.value === 'draw' ? '=' : String(move.remoteness)));
	g.addEventListener('click', () => play(move.result));
	g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); play(move.result); } });
	hover(g, move.move);
	svg.append(g);
}

function arrowHeads(svg) {
	const defs = el('svg:defs');
	for (const value of ['win', 'loss', 'draw']) {
		const marker = el('svg:marker', { id: 'head-' + value, viewBox: '0 0 10 10', refX: 5, refY: 5,
			markerWidth: 3.5, markerHeight: 3.5, orient: 'auto-start-reverse' });
		marker.append(el('svg:path', { d: 'M0,0 L10,5 L0,10 z', fill: colour(value) }));
		defs.append(marker);
	}
	svg.append(defs);
}

// Highlights the arrow and the list entry of a move together.
function hover(node, move) {
	const hot = (on) => document.querySelectorAll(`[data-move="${CSS.escape(move)}"]`).forEach((n) => n.classList.toggle('hot', on));
	node.addEventListener('mouseenter', () => hot(true));
	node.addEventListener('mouseleave', () => hot(false));
	node.addEventListener('focus', () => hot(true));
	node.addEventListener('blur', () => hot(false));
}

function moveButton(move, longest, label) {
	const v = { value: move.value, remoteness: move.remoteness };
	const b = el('button', { type: 'button', class: 'chip', 'data-move': move.move, 'data-result': move.result,
		title: `${move.move} → ${move.result}: ${valueText(v)}` });
	b.style.borderColor = colour(move.value);
	b.style.background = `color-mix(in srgb, ${colour(move.value)} ${Math.round(60 * shade(v, longest))}%, white)`;
	b.textContent = `${label}: ${valueText(v)}`;
	b.addEventListener('click', () => play(move.result));
	hover(b, move.move);
	return b;
}

function drawBoard(p) {
	const svg = $('board'), own = $('own-moves');
	svg.replaceChildren();
	own.replaceChildren();
	arrowHeads(svg);
	const spots = drawSeats(svg, p), longest = longestOf(p);
	const attacks = p.moves.map((move) => [move, attack(move, p)]).filter(([, a]) => a);
	attacks.forEach(([move, a], i) => drawArrow(svg, move, a, spots, i, attacks.length, longest));
	for (const move of p.moves.filter((m) => !attack(m, p)))
		own.append(moveButton(move, longest, move.move === 'pass' ? 'pass' : `${move.move.split('->')[0]} → ${move.move.split('->')[1]}`));
	if (p.terminal)
		svg.append(el('svg:text', { x: 320, y: 220, 'text-anchor': 'middle', class: 'seat-name' }, 'Game over'));
}

// ---- the panel -----------------------------------------------------------------------------

function drawMoves(p) {
	const list = $('moves'), longest = longestOf(p);
	list.replaceChildren();
	for (const move of p.moves) {
		const v = { value: move.value, remoteness: move.remoteness };
		const b = el('button', { type: 'button', class: 'move', 'data-move': move.move, 'data-result': move.result,
			'data-value': move.value, 'data-remoteness': move.remoteness === null ? '' : move.remoteness });
		b.style.borderLeftColor = colour(move.value);
		b.style.borderLeftWidth = `${4 + Math.round(8 * shade(v, longest))}px`;
		b.append(el('span', {}, move.move), el('span', { class: 'result' }, '→ ' + move.result),
			el('span', { class: move.value + '-text' }, valueText(v)));
		b.addEventListener('click', () => play(move.result));
		hover(b, move.move);
		const li = el('li');
		li.append(b);
		list.append(li);
	}
	if (!p.moves.length)
		list.append(el('li', { class: 'empty' }, 'No moves: the game is over.'));
}

function drawHeader(p) {
	const v = moverValue(p);
	$('article').textContent = p.article;
	$('code').textContent = p.position;
	const badge = $('value');
	badge.textContent = `Player ${seatOfMover() + 1} to move: ${valueText(v)}`;
	badge.className = 'value-badge ' + v.value + '-bg';
	$('undo').disabled = state.line.length < 2;
	$('redo').disabled = !state.redo.length;
	$('best').disabled = !p.moves.length;
}

function drawStrategy() {
	const box = $('strategy');
	box.replaceChildren();
	const lists = state.strategy.strategies;
	if (!lists.length) {
		box.append(el('p', {}, state.strategy.message || 'No strategy lists.'));
		return;
	}
	const winning = lists.filter((s) => s.kind === 'win');
	for (const s of winning.length ? winning : lists) {
		const who = `The ${s.side} player`;
		const what = s.kind === 'win' ? `${who} wins in at most ${s.moves} moves: always move to the first target below that a move reaches.`
			: s.kind === 'resist' ? `${who} resists ${s.moves} moves with these targets.`
				: `${who} never loses by never moving into these positions.`;
		box.append(el('p', {}, what));
		const ol = el('ol');
		for (const t of s.targets)
			ol.append(el('li', { 'data-position': t.position }, t.article + (t.remoteness === null ? '' : `  (in ${t.remoteness})`)));
		box.append(ol);
	}
}

// ---- the history chart ----------------------------------------------------------------------

// A move from parent to child that gave a won position away.
function mistake(parent, child) {
	const move = parent.moves.find((m) => m.result === child.position);
	return moverValue(parent).value === 'win' && move && move.value !== 'win';
}

function drawHistory(points) {
	const svg = $('history');
	svg.replaceChildren();
	const w = 360, h = 150, top = 18, mid = 75, n = Math.max(points.length, 2);
	const x = (i) => 28 + (i * (w - 44)) / (n - 1);
	svg.append(el('svg:line', { x1: 24, x2: w - 10, y1: mid, y2: mid, stroke: '#bdbdbd', 'stroke-dasharray': '3 3' }));
	svg.append(el('svg:text', { x: 4, y: top + 4, class: 'chart-note' }, 'player 1 wins'));
	svg.append(el('svg:text', { x: 4, y: mid - 6, class: 'chart-note' }, 'draw'));
	svg.append(el('svg:text', { x: 4, y: h - 6, class: 'chart-note' }, 'player 1 loses'));
	let path = '';
	points.forEach((pt, i) => {
		const y = pt.forFirst === 'win' ? top + 14 : pt.forFirst === 'loss' ? h - 28 : mid;
		path += `${i ? 'L' : 'M'}${x(i)},${y} `;
		pt.y = y;
	});
	svg.append(el('svg:path', { d: path, fill: 'none', stroke: '#8a93a5', 'stroke-width': 1.5 }));
	points.forEach((pt, i) => {
		const g = el('svg:g', { 'data-ply': i, 'data-value': pt.value, class: pt.mistake ? 'mistake' : '' });
		g.append(el('svg:title', {}, `after ${i} moves: ${pt.article}, ${valueText(pt)} for the player to move${pt.mistake ? ' (the move before was a mistake)' : ''}`));
		g.append(el('svg:circle', { cx: x(i), cy: pt.y, r: 6, fill: colour(pt.value), stroke: '#333', 'stroke-width': 0.8 }));
		if (pt.mistake)
			g.append(el('svg:text', { x: x(i), y: pt.y - 12, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: '#000' }, '×'));
		svg.append(g);
	});
}

async function drawChart() {
	const players = state.game.players, points = [];
	for (let i = 0; i < state.line.length; i++) {
		const p = await position(state.line[i]);
		const v = moverValue(p), seat = i % players;
		const first = p.seats ? p.seats[(players - seat) % players] : seat === 0 ? v : flip(v);
		points.push({ value: v.value, remoteness: v.remoteness, forFirst: first.value, article: p.article,
			mistake: i > 0 && mistake(await position(state.line[i - 1]), p) });
	}
	drawHistory(points);
}

// ---- playing -------------------------------------------------------------------------------

async function show() {
	const p = await position(state.line[state.line.length - 1]);
	writeUrl();
	drawHeader(p);
	drawBoard(p);
	drawMoves(p);
	await drawChart();
	document.body.dataset.position = p.position;
	if (document.body.dataset.ready !== '1')
		document.body.dataset.readyMs = Math.round(performance.now()); // since the navigation began
	document.body.dataset.ready = '1';
	autoMove(p);
}

// Perfect play moves for the seats ticked, after a short pause to see the move.
function autoMove(p) {
	if (!p.moves.length || !state.auto.has(seatOfMover()))
		return;
	const at = state.line.length;
	setTimeout(() => { if (state.line.length === at) play(p.moves[0].result); }, 500);
}

async function play(code) {
	if (state.busy)
		return;
	state.busy = true;
	const start = performance.now();
	try {
		state.line.push(code);
		state.redo = [];
		await show();
		document.body.dataset.playMs = (performance.now() - start).toFixed(1); // click to drawn
	} catch (e) {
		state.line.pop();
		notice(e.message);
	} finally {
		state.busy = false;
	}
}

async function step(from, to) {
	if (!from.length || (from === state.line && from.length < 2) || state.busy)
		return;
	to.push(from.pop());
	await show();
}

const undo = () => step(state.line, state.redo);
const redo = () => step(state.redo, state.line);

async function best() {
	const p = await position(state.line[state.line.length - 1]);
	if (p.moves.length)
		await play(p.moves[0].result);
}

function autoplayControls() {
	const box = $('autoplay');
	box.append('Perfect play for:');
	for (let s = 0; s < state.game.players; s++) {
		const label = el('label');
		const box2 = el('input', { type: 'checkbox', 'data-seat': s + 1 });
		box2.addEventListener('change', () => {
			box2.checked ? state.auto.add(s) : state.auto.delete(s);
			position(state.line[state.line.length - 1]).then(autoMove);
		});
		label.append(box2, `Player ${s + 1}`);
		box.append(label);
	}
}

function keys(e) {
	if (e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey)
		return;
	if (e.key === 'u')
		undo();
	else if (e.key === 'r')
		redo();
	else if (e.key === 'b')
		best();
}

async function main() {
	const game = await getJson('/api/v1/game');
	state.game = game.body;
	state.strategy = (await getJson('/api/v1/strategy')).body;
	$('rules').textContent = `game: ${state.game.rules.options}   rules: ${state.game.rules.settings}`;
	state.line = readUrl();
	try {
		await position(state.line[state.line.length - 1]);
	} catch (e) {
		notice(`The link's position is no position of this game (${e.message}); showing the start.`);
		state.line = [state.game.start];
	}
	autoplayControls();
	drawStrategy();
	$('undo').addEventListener('click', undo);
	$('redo').addEventListener('click', redo);
	$('best').addEventListener('click', best);
	$('restart').addEventListener('click', () => { state.line = [state.game.start]; state.redo = []; show(); });
	document.addEventListener('keydown', keys);
	await show();
}

main().catch((e) => notice('The explorer could not start: ' + e.message));
