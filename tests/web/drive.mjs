// Drives the web build of Dungeon Viewer in Debian's Chromium, for tests/web.rs and
// benches/web.rs: `node drive.mjs <scenario> <page address> [arguments…]` prints one line of
// JSON with what it saw, or `{"error": "…"}` (and exits 1) with a short reason.
//
// The page tells scripts which map is on screen in `window.dungeonViewer.shown` (its
// recipe, how long it took to make, how many maps were shown) and what its status bar
// says in `window.dungeonViewer.status`.
import { chromium } from "playwright-core";

const [scenario, address, ...rest] = process.argv.slice(2);
// The default window's size, as the desktop opens it for the default map.
const VIEWPORT = { width: 1068, height: 698 };
const PATIENCE = 60000;

async function open(context, url) {
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(String(e)));
    page.on("console", (m) => {
        if (m.type() === "error") {
            problems.push(m.text());
        }
    });
    await page.goto(url);
    return { page, problems };
}

// Wait until the page shows a map other than the `count` shown before, and return it.
async function nextMap(page, count) {
    await page.waitForFunction(
        (n) => window.dungeonViewer && window.dungeonViewer.shown.count > n,
        count,
        { timeout: PATIENCE, polling: 50 },
    );
    return page.evaluate(() => window.dungeonViewer.shown);
}

async function shownMap(page, recipe) {
    await page.waitForFunction(
        (r) => window.dungeonViewer && window.dungeonViewer.shown.recipe === r,
        recipe,
        { timeout: PATIENCE, polling: 50 },
    );
    return page.evaluate(() => window.dungeonViewer.shown);
}

// K keeps the map on screen, `recipe`, among the favourites: wait until the browser's
// storage holds it.
async function keep(page, recipe) {
    await page.click("#glcanvas", { position: { x: 300, y: 300 } });
    await page.keyboard.press("k");
    await page.waitForFunction(
        (r) => (window.localStorage.getItem("favourites.json") || "").includes(r),
        recipe, { timeout: PATIENCE, polling: 50 });
}

function fragment(page) {
    return page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
}

const scenarios = {
    // The page opened on an address: the first map, when it came, and a screenshot.
    async first(context, [screenshot]) {
        const started = Date.now();
        const { page, problems } = await open(context, address);
        const shown = await nextMap(page, 0);
        const loaded = Date.now() - started;
        const timing = await page.evaluate(() => ({
            first_ms: window.dungeonViewer.shown.first_ms,
            status: window.dungeonViewer.status,
        }));
        // A frame for the texture to reach the canvas.
        await page.waitForTimeout(0);
        if (screenshot) {
            await page.screenshot({ path: screenshot });
        }
        return {
            recipe: shown.recipe,
            made_ms: shown.made_ms,
            first_ms: timing.first_ms,
            open_to_map_ms: loaded,
            fragment: await fragment(page),
            status: timing.status,
            problems,
        };
    },

    // A key that makes a new map: the map and the address follow; Back goes back.
    async keys(context) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        await page.keyboard.press("Space");
        const second = await nextMap(page, first.count);
        await page.waitForFunction((r) => decodeURIComponent(window.location.hash.slice(1)) === r,
            second.recipe, { timeout: PATIENCE });
        const afterSpace = await fragment(page);
        await page.goBack();
        const back = await shownMap(page, first.recipe);
        return {
            first: first.recipe,
            after_space: second.recipe,
            fragment_after_space: afterSpace,
            after_back: back.recipe,
            fragment_after_back: await fragment(page),
            problems,
        };
    },

    // K keeps the map among the favourites; after a reload, 1 opens it again.
    async favourite(context) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        await keep(page, first.recipe);
        await page.keyboard.press("Space");
        await nextMap(page, first.count);
        await page.reload();
        const reloaded = await nextMap(page, 0);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        await page.keyboard.press("1");
        const reopened = await shownMap(page, first.recipe);
        return {
            kept: first.recipe,
            after_reload: reloaded.recipe,
            reopened: reopened.recipe,
            stored: await page.evaluate(() => window.localStorage.getItem("favourites.json")),
            problems,
        };
    },

    // Each recipe of the list (a JSON array of recipes as the page prints them) opened in
    // turn by changing the address: the time each map took to make, in the page's own
    // frames.
    async made(context, [list]) {
        const recipes = JSON.parse(list);
        const { page, problems } = await open(context, address);
        await nextMap(page, 0);
        const times = [];
        for (const recipe of recipes) {
            await page.evaluate((r) => { window.location.hash = encodeURI(r); }, recipe);
            times.push((await shownMap(page, recipe)).made_ms);
        }
        return { times, problems };
    },

    // A click on a slider of the panel (at x, y) makes a map of another recipe, and the
    // address follows.
    async slider(context, [x, y]) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        // Held a moment, as a hand holds it: a press and a release in one frame are no drag.
        await page.mouse.move(Number(x), Number(y));
        await page.mouse.down();
        await page.waitForTimeout(300);
        await page.mouse.up();
        const second = await nextMap(page, first.count);
        await page.waitForFunction((r) => decodeURIComponent(window.location.hash.slice(1)) === r,
            second.recipe, { timeout: PATIENCE });
        return { first: first.recipe, after: second.recipe, fragment: await fragment(page), problems };
    },

    // Ctrl+click at (x, y) pins the room there (and what the status bar said); R makes new
    // rooms around it; dragging it `dx` pixels to the right moves it. The address after
    // each, once it follows the map.
    async pin(context, [x, y, dx]) {
        const { page, problems } = await open(context, address);
        let shown = await nextMap(page, 0);
        const [px, py] = [Number(x), Number(y)];
        // The address once it holds the map shown after `before` maps.
        const next = async () => {
            shown = await nextMap(page, shown.count);
            await page.waitForFunction((r) => decodeURIComponent(window.location.hash.slice(1)) === r,
                shown.recipe, { timeout: PATIENCE });
            return fragment(page);
        };
        await page.mouse.move(px, py);
        await page.keyboard.down("Control");
        await page.mouse.down();
        await page.mouse.up();
        await page.keyboard.up("Control");
        const pinned = await next();
        const said = await page.evaluate(() => window.dungeonViewer.status);
        await page.keyboard.press("r");
        const rerolled = await next();
        await page.mouse.down();
        for (let step = 1; step <= 4; step++) {
            await page.mouse.move(px + (Number(dx) * step) / 4, py);
            await page.waitForTimeout(100);
        }
        await page.mouse.up();
        const dragged = await next();
        return { pinned, said, rerolled, dragged, problems };
    },

    // Each recipe of the list (a JSON array, in the file named: long recipes do not fit on
    // a command line) opened in turn by changing the address, once the map before it is
    // shown: the longest time between two of the browser's animation frames from the change
    // until its map is shown (or the page says why not) and a few frames after, the map
    // shown and the status bar.
    async frames(context, [file]) {
        const { readFileSync } = await import("node:fs");
        await context.addInitScript(() => {
            const frames = { last: 0, longest: 0 };
            window.dungeonFrames = frames;
            const tick = (t) => {
                if (frames.last) {
                    frames.longest = Math.max(frames.longest, t - frames.last);
                }
                frames.last = t;
                requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
        });
        const recipes = JSON.parse(readFileSync(file, "utf8"));
        const { page, problems } = await open(context, address);
        let shown = await nextMap(page, 0);
        const seen = [];
        for (const recipe of recipes) {
            await page.evaluate(() => { window.dungeonFrames.longest = 0; });
            await page.evaluate((r) => { window.location.hash = encodeURI(r); }, recipe);
            await page.waitForFunction(
                ([r, n]) => window.dungeonViewer.shown.recipe === r && window.dungeonViewer.shown.count > n
                    || (window.dungeonViewer.status && window.dungeonViewer.status.problem),
                [recipe, shown.count],
                { timeout: PATIENCE, polling: 50 },
            );
            // A few frames more: drawing the map once it is made.
            await page.evaluate(() => new Promise((done) => {
                let left = 5;
                const tick = () => (--left ? requestAnimationFrame(tick) : done());
                requestAnimationFrame(tick);
            }));
            shown = await page.evaluate(() => window.dungeonViewer.shown);
            seen.push({
                longest_ms: await page.evaluate(() => window.dungeonFrames.longest),
                shown: shown.recipe === recipe,
                made_ms: shown.made_ms,
                status: await page.evaluate(() => window.dungeonViewer.status),
            });
        }
        return { seen, problems };
    },

    // With the browser's storage refusing every write, K keeps the map in the page only,
    // saying so; 1 opens it again.
    async "full-storage"(context) {
        await context.addInitScript(() => {
            Storage.prototype.setItem = function () {
                throw new DOMException("full", "QuotaExceededError");
            };
        });
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        await page.keyboard.press("k");
        await page.waitForFunction(() => window.dungeonViewer.status && window.dungeonViewer.status.problem,
            null, { timeout: PATIENCE });
        const status = await page.evaluate(() => window.dungeonViewer.status);
        await page.keyboard.press("Space");
        await nextMap(page, first.count);
        await page.keyboard.press("1");
        const reopened = await shownMap(page, first.recipe);
        return { kept: first.recipe, status, reopened: reopened.recipe, problems };
    },

    // A file dropped on the page (its path here, handed over as the browser hands a file
    // from the disk, unread): what the status bar said then, and the map it opened, if any.
    async drop(context, [file]) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        const before = await page.evaluate(() => JSON.stringify(window.dungeonViewer.status));
        await page.evaluate(() => {
            const input = document.createElement("input");
            input.type = "file";
            input.id = "to-drop";
            document.body.appendChild(input);
        });
        await page.setInputFiles("#to-drop", file);
        await page.evaluate(() => {
            const transfer = new DataTransfer();
            transfer.items.add(document.getElementById("to-drop").files[0]);
            window.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true }));
        });
        await page.waitForFunction((b) => JSON.stringify(window.dungeonViewer.status) !== b,
            before, { timeout: PATIENCE, polling: 50 });
        const status = await page.evaluate(() => window.dungeonViewer.status);
        const opened = status.problem ? null : (await nextMap(page, first.count)).recipe;
        return { opened, status, problems };
    },

    // K keeps the map; its name in the browser's storage then changed to `name` (as a
    // hostile or damaged storage could hold it), and after a reload 1 opens it: what the
    // status bar says.
    async "named-favourite"(context, [name]) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        await keep(page, first.recipe);
        await page.evaluate((n) => {
            const list = JSON.parse(window.localStorage.getItem("favourites.json"));
            list[0].name = n;
            window.localStorage.setItem("favourites.json", JSON.stringify(list));
        }, name);
        await page.reload();
        await nextMap(page, 0);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        await page.keyboard.press("1");
        await page.waitForFunction(() => window.dungeonViewer.status
            && window.dungeonViewer.status.text.startsWith("Opened “"), null, { timeout: PATIENCE, polling: 50 });
        return { status: await page.evaluate(() => window.dungeonViewer.status), problems };
    },

    // A look's key (its letter) turns the look on, or PageDown shows the level below: the
    // address after it, and after a reload, with a screenshot of the page then.
    async look(context, [key, screenshot]) {
        const { page, problems } = await open(context, address);
        const first = await nextMap(page, 0);
        const hash = await page.evaluate(() => window.location.hash);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        await page.keyboard.press(key);
        await nextMap(page, first.count);
        await page.waitForFunction((before) => window.location.hash !== before, hash,
            { timeout: PATIENCE });
        const after = await fragment(page);
        await page.reload();
        await nextMap(page, 0);
        await page.waitForTimeout(0);
        await page.screenshot({ path: screenshot });
        return { before: first.recipe, after, reloaded: await fragment(page), problems };
    },

    // S saves the map: the download's name and where it was written.
    async save(context, [into]) {
        const { page, problems } = await open(context, address);
        const shown = await nextMap(page, 0);
        await page.click("#glcanvas", { position: { x: 300, y: 300 } });
        const download = page.waitForEvent("download", { timeout: PATIENCE });
        await page.keyboard.press("s");
        const file = await download;
        const path = `${into}/${file.suggestedFilename()}`;
        await file.saveAs(path);
        return { recipe: shown.recipe, name: file.suggestedFilename(), path, problems };
    },
};

async function main() {
    const run = scenarios[scenario];
    if (!run) {
        throw new Error(`no scenario ${scenario}; try ${Object.keys(scenarios).join(", ")}`);
    }
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        args: [
            "--no-sandbox",
            "--enable-unsafe-swiftshader",
            "--use-angle=swiftshader",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    });
    try {
        const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
        const seen = await run(context, rest);
        console.log(JSON.stringify(seen));
    } finally {
        await browser.close();
    }
}

main().catch((e) => {
    console.log(JSON.stringify({ error: String(e.message || e).split("\n")[0] }));
    process.exit(1);
});
