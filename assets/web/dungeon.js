"use strict";
// The page's side of Dungeon Viewer, a miniquad plugin: the address's fragment (the recipe
// of the map on screen), the browser's storage (favourites and presets), downloads (saved
// maps and exports), a clock, a timer that wakes the page, and files dropped on it. The
// Rust side is `src/browser.rs`; strings and bytes cross as UTF-8 in the module's memory.
(function () {
    // The last text handed to Rust: its length is returned first, then Rust reads it into
    // a buffer of that length with `dv_text_read`.
    let handed = new Uint8Array(0);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();

    function hand(text) {
        handed = encoder.encode(text);
        return handed.length;
    }

    function text(ptr, len) {
        return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
    }

    // The fragment as the browser holds it, %-escapes and all.
    function rawFragment() {
        return window.location.hash.replace(/^#/, "");
    }

    // The fragment as the user reads it: %-escapes decoded (a malformed one kept as it is).
    function fragment() {
        try {
            return decodeURIComponent(rawFragment());
        } catch (e) {
            return rawFragment();
        }
    }

    // Files dropped on the page that it did not read, for Rust to say why: their names,
    // sizes, and the browser's reason when it could not read one (empty when too large).
    let refused = [];

    // Copy `bytes` into the module's memory; where they are.
    function give(bytes) {
        const ptr = wasm_exports.allocate_vec_u8(bytes.length);
        new Uint8Array(wasm_memory.buffer, ptr, bytes.length).set(bytes);
        return ptr;
    }

    // Files dropped on the page, in place of macroquad's handler, which reads each file
    // whole: a file larger than the module allows is refused unread (reading a file of
    // 2 GB fails), and of the others only the start a layout is read from is handed over,
    // each name as UTF-8. What could not be read is refused with the browser's reason.
    async function drop(event) {
        event.preventDefault();
        event.stopImmediatePropagation();
        const most = wasm_exports.dungeon_viewer_dropped_most();
        const head = wasm_exports.dungeon_viewer_dropped_head();
        const files = Array.from(event.dataTransfer ? event.dataTransfer.files : []);
        wasm_exports.on_files_dropped_start();
        for (const file of files) {
            if (file.size > most) {
                refused.push({ name: file.name, bytes: file.size, error: "" });
                continue;
            }
            let bytes;
            try {
                bytes = new Uint8Array(await file.slice(0, head).arrayBuffer());
            } catch (e) {
                refused.push({ name: file.name, bytes: file.size, error: String(e.message || e) });
                continue;
            }
            const name = encoder.encode(file.name);
            wasm_exports.on_file_dropped(give(name), name.length, give(bytes), bytes.length);
        }
        wasm_exports.on_files_dropped_finish();
        env.sapp_schedule_update();
    }

    window.dungeonViewer = {
        shown: { recipe: null, made_ms: 0, count: 0, first_ms: null },
        status: null,
    };

    // The module's imports, kept to wake the page from the browser's events.
    let env = null;

    function register(importObject) {
        env = importObject.env;
        env.dv_now_ms = function () {
            return performance.now();
        };
        env.dv_epoch_ms = function () {
            return Date.now();
        };
        env.dv_text_read = function (ptr) {
            new Uint8Array(wasm_memory.buffer, ptr, handed.length).set(handed);
        };
        // Rust decodes the escapes, and names a bad one.
        env.dv_fragment_len = function () {
            return hand(rawFragment());
        };
        // Writes the fragment as browsers do (spaces as %20); `push` adds a step to the
        // history, so that Back goes back to the map before.
        env.dv_set_fragment = function (ptr, len, push) {
            const wanted = text(ptr, len);
            if (fragment() === wanted) {
                return;
            }
            const address = window.location.pathname + window.location.search + "#" + encodeURI(wanted);
            if (push) {
                window.history.pushState(null, "", address);
            } else {
                window.history.replaceState(null, "", address);
            }
        };
        // -1: no such item; -2: no storage (blocked, or not there); else the text's length.
        env.dv_storage_len = function (kptr, klen) {
            try {
                const value = window.localStorage.getItem(text(kptr, klen));
                return value === null ? -1 : hand(value);
            } catch (e) {
                return -2;
            }
        };
        // 1 when stored; 0 when the storage is full or not there.
        env.dv_storage_set = function (kptr, klen, vptr, vlen) {
            try {
                window.localStorage.setItem(text(kptr, klen), text(vptr, vlen));
                return 1;
            } catch (e) {
                return 0;
            }
        };
        env.dv_storage_remove = function (kptr, klen) {
            try {
                window.localStorage.removeItem(text(kptr, klen));
            } catch (e) {
                // Nothing to remove where there is no storage.
            }
        };
        env.dv_download = function (nptr, nlen, tptr, tlen, dptr, dlen) {
            const bytes = new Uint8Array(wasm_memory.buffer, dptr, dlen).slice();
            const blob = new Blob([bytes], { type: text(tptr, tlen) });
            const link = document.createElement("a");
            link.href = URL.createObjectURL(blob);
            link.download = text(nptr, nlen);
            document.body.appendChild(link);
            link.click();
            link.remove();
            setTimeout(function () {
                URL.revokeObjectURL(link.href);
            }, 60000);
        };
        // The map on screen, for scripts and tests: its recipe, how long it took to make,
        // how many maps have been shown, and when the first was.
        env.dv_map_shown = function (ptr, len, made_ms) {
            const shown = window.dungeonViewer.shown;
            window.dungeonViewer.shown = {
                recipe: text(ptr, len),
                made_ms: made_ms,
                count: shown.count + 1,
                first_ms: shown.count === 0 ? performance.now() : shown.first_ms,
            };
        };
        env.dv_status = function (ptr, len, problem) {
            window.dungeonViewer.status = { text: text(ptr, len), problem: !!problem };
        };
        // The files refused since the last call, as JSON; 0 when there are none.
        env.dv_refused_len = function () {
            if (refused.length === 0) {
                return 0;
            }
            const text = JSON.stringify(refused);
            refused = [];
            return hand(text);
        };
        env.dv_wake_after = function (ms) {
            setTimeout(function () {
                env.sapp_schedule_update();
            }, ms);
        };
    }

    miniquad_add_plugin({
        register_plugin: register,
        // Back and Forward change the fragment: draw a frame to follow it.
        on_init: function () {
            const loading = document.getElementById("loading");
            if (loading) {
                loading.remove();
            }
            window.addEventListener("hashchange", function () {
                env.sapp_schedule_update();
            });
            // Before macroquad's own handler, which it would read files whole with.
            window.addEventListener("drop", drop, true);
        },
        name: "dungeon_viewer",
        version: 1,
    });
})();
