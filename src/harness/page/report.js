"use strict";
// The report's plots and puzzle table, drawn from the JSON in #data. Every text that
// comes from the data reaches the page through textContent, never as markup.
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var configs = data.configs, P = data.puzzles, n = P.text.length;
  var ANSWERED = { u: 1, s: 1, m: 1, n: 1 };
  var WORD = { u: "unique", s: "solved", m: "multiple", n: "none", k: "unknown", o: "memout", f: "failed", w: "wrong", "-": "not run" };
  var disagree = new Set(data.disagree);
  // What a puzzle is called: its label, else its file and line.
  function source(i) { return P.label[i] !== null ? P.label[i] : data.files[P.file[i]] + ":" + P.line[i]; }

  // Three significant digits with a unit, as the tables print times.
  function fmtTime(ms) {
    if (ms === null || !isFinite(ms)) return "-";
    var v = Number(ms.toPrecision(3));
    if (Math.abs(v) < 1) return Number((v * 1000).toPrecision(3)) + " µs";
    if (Math.abs(v) < 1000) return v.toPrecision(3) + " ms";
    return (v / 1000).toPrecision(3) + " s";
  }
  function tickLabel(ms) {
    if (ms < 1e-3) return +(ms * 1e6).toPrecision(2) + " ns";
    if (ms < 1) return +(ms * 1e3).toPrecision(2) + " µs";
    if (ms < 1e3) return +ms.toPrecision(2) + " ms";
    return +(ms / 1e3).toPrecision(2) + " s";
  }
  function dashOf(text) { return text ? text.split(" ").map(Number) : []; }
  function el(name, text, cls) {
    var e = document.createElement(name);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // A canvas sized for the screen's pixels; returns its 2-D context in CSS pixels.
  function setup(canvas, w, h) {
    var r = window.devicePixelRatio || 1;
    canvas.width = w * r; canvas.height = h * r;
    canvas.style.width = w + "px"; canvas.style.height = h + "px";
    var ctx = canvas.getContext("2d");
    ctx.setTransform(r, 0, 0, r, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.font = "12px sans-serif";
    return ctx;
  }
  function logScale(lo, hi, from, to) {
    var a = Math.log(lo), b = Math.log(hi);
    return function (v) { return from + (Math.log(Math.min(Math.max(v, lo), hi)) - a) / (b - a) * (to - from); };
  }
  function logTicks(lo, hi) {
    var ticks = [], few = hi / lo < 100;
    for (var d = Math.pow(10, Math.floor(Math.log10(lo))); d <= hi * 1.0001; d *= 10) {
      for (var m = 1; m < 10; m++) {
        var v = d * m;
        if (v >= lo * 0.9999 && v <= hi * 1.0001) ticks.push([v, m === 1 || (few && (m === 2 || m === 5))]);
      }
    }
    return ticks;
  }
  function range(values) {
    var lo = Infinity, hi = 0;
    values.forEach(function (v) { if (v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
    if (!isFinite(lo)) return [1e-3, 1];
    return [lo * 0.8, Math.max(hi * 1.25, lo * 2)];
  }
  function answered(k, i) { return ANSWERED[data.verdicts[k][i]] === 1 && data.times[k][i] !== null; }

  // The legend column: one entry per configuration, right of the plotting area.
  function legend(ctx, x, y, entries) {
    entries.forEach(function (e, i) {
      var yy = y + i * 18;
      ctx.strokeStyle = e.colour; ctx.fillStyle = e.colour; ctx.lineWidth = 2;
      if (e.shape !== undefined) mark(ctx, e.shape, x + 12, yy - 4, 4);
      else { ctx.setLineDash(dashOf(e.dash)); ctx.beginPath(); ctx.moveTo(x, yy - 4); ctx.lineTo(x + 26, yy - 4); ctx.stroke(); ctx.setLineDash([]); }
      ctx.fillStyle = "#1a1a1a"; ctx.textAlign = "left";
      ctx.fillText(e.name, x + 34, yy);
    });
  }
  // A point of shape `k` (a square, a circle, a triangle: files past the palette's seven
  // colours take the next shape), `r` its half-size.
  function mark(ctx, k, x, y, r) {
    ctx.beginPath();
    if (k % 3 === 0) ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else if (k % 3 === 1) ctx.arc(x, y, r, 0, 7);
    else { ctx.moveTo(x, y - r * 1.2); ctx.lineTo(x + r * 1.1, y + r * 0.8); ctx.lineTo(x - r * 1.1, y + r * 0.8); ctx.closePath(); }
    ctx.fill();
  }
  function legendWidth(ctx, names) {
    return names.reduce(function (w, s) { return Math.max(w, ctx.measureText(s).width); }, 60) + 50;
  }
  function frame(ctx, L, T, W, H) {
    ctx.strokeStyle = "#444"; ctx.lineWidth = 1; ctx.strokeRect(L, T, W, H);
  }
  function axisTitles(ctx, L, T, W, H, xTitle, yTitle) {
    ctx.fillStyle = "#1a1a1a"; ctx.font = "13px sans-serif"; ctx.textAlign = "center";
    ctx.fillText(xTitle, L + W / 2, T + H + 40);
    ctx.save(); ctx.translate(L - 62, T + H / 2); ctx.rotate(-Math.PI / 2); ctx.fillText(yTitle, 0, 0); ctx.restore();
    ctx.font = "12px sans-serif";
  }
  function logAxis(ctx, scale, lo, hi, horizontal, L, T, W, H) {
    logTicks(lo, hi).forEach(function (t) {
      var p = scale(t[0]);
      ctx.strokeStyle = t[1] ? "#e4e4e4" : "rgba(0,0,0,0)";
      ctx.beginPath();
      if (horizontal) { ctx.moveTo(p, T); ctx.lineTo(p, T + H); } else { ctx.moveTo(L, p); ctx.lineTo(L + W, p); }
      ctx.stroke();
      ctx.strokeStyle = "#444"; ctx.beginPath();
      var len = t[1] ? 6 : 3;
      if (horizontal) { ctx.moveTo(p, T + H); ctx.lineTo(p, T + H + len); } else { ctx.moveTo(L - len, p); ctx.lineTo(L, p); }
      ctx.stroke();
      if (t[1]) {
        ctx.fillStyle = "#1a1a1a";
        if (horizontal) { ctx.textAlign = "center"; ctx.fillText(tickLabel(t[0]), p, T + H + 20); }
        else { ctx.textAlign = "right"; ctx.fillText(tickLabel(t[0]), L - 9, p + 4); }
      }
    });
  }

  // Cactus: per configuration, its answered puzzles' times sorted.
  function cactus() {
    var canvas = document.getElementById("cactus-canvas");
    var probe = canvas.getContext("2d"); probe.font = "12px sans-serif";
    var L = 84, T = 16, W = 640, H = 340;
    var lw = legendWidth(probe, configs.map(function (c) { return c.name; }));
    var height = Math.max(T + H + 60, T + configs.length * 18 + 20);
    var ctx = setup(canvas, L + W + 24 + lw, height);
    var sorted = configs.map(function (c, k) {
      var t = [];
      for (var i = 0; i < n; i++) if (answered(k, i)) t.push(data.times[k][i]);
      return t.sort(function (a, b) { return a - b; });
    });
    var all = [].concat.apply([], sorted), r = range(all);
    var most = Math.max(1, Math.max.apply(null, sorted.map(function (s) { return s.length; })));
    var x = logScale(r[0], r[1], L, L + W);
    var y = function (v) { return T + H - v / (most * 1.05) * H; };
    logAxis(ctx, x, r[0], r[1], true, L, T, W, H);
    // Whole-number ticks at a round step (1, 2 or 5 times a power of ten), about six.
    var power = Math.pow(10, Math.floor(Math.log10(Math.max(1, most / 6))));
    var step = [1, 2, 5, 10].map(function (m) { return m * power; }).find(function (s) { return most / s <= 6; }) || power * 10;
    ctx.textAlign = "right"; ctx.fillStyle = "#1a1a1a";
    for (var k = 0; k * step <= most * 1.05; k++) {
      var v = k * step;
      ctx.strokeStyle = "#e4e4e4"; ctx.beginPath(); ctx.moveTo(L, y(v)); ctx.lineTo(L + W, y(v)); ctx.stroke();
      ctx.fillText(String(v), L - 9, y(v) + 4);
    }
    frame(ctx, L, T, W, H);
    axisTitles(ctx, L, T, W, H, "time budget per puzzle (log scale)", "puzzles answered");
    sorted.forEach(function (times, k) {
      ctx.strokeStyle = configs[k].colour; ctx.lineWidth = 2; ctx.setLineDash(dashOf(configs[k].dash));
      ctx.beginPath(); ctx.moveTo(L, y(0));
      times.forEach(function (t, i) { ctx.lineTo(x(t), y(i)); ctx.lineTo(x(t), y(i + 1)); });
      ctx.stroke(); ctx.setLineDash([]);
    });
    legend(ctx, L + W + 24, T + 10, configs);
    canvas.dataset.lines = String(sorted.length);
  }

  // Scatter: configuration `a` across, `b` up, points coloured by puzzle file.
  var scatterPoints = [];
  function scatter() {
    var canvas = document.getElementById("scatter-canvas");
    var a = +document.getElementById("scatter-x").value, b = +document.getElementById("scatter-y").value;
    var probe = canvas.getContext("2d"); probe.font = "12px sans-serif";
    var L = 84, T = 40, S = 460, band = 22;
    var lw = legendWidth(probe, data.files);
    var height = Math.max(T + S + 70, T + data.files.length * 18 + 30);
    var ctx = setup(canvas, L + S + band + 24 + lw, height);
    var values = [];
    for (var i = 0; i < n; i++) {
      if (answered(a, i)) values.push(data.times[a][i]);
      if (answered(b, i)) values.push(data.times[b][i]);
    }
    var r = range(values), lo = r[0], hi = r[1];
    var x = logScale(lo, hi, L, L + S), y = logScale(lo, hi, T + S, T);
    ctx.fillStyle = "#f6f6f6";
    ctx.fillRect(L + S, T - band, band, S + band); ctx.fillRect(L, T - band, S, band);
    ctx.fillStyle = "#555"; ctx.textAlign = "center";
    ctx.fillText("no answer", L + S / 2, T - band - 6);
    logAxis(ctx, x, lo, hi, true, L, T, S, S);
    logAxis(ctx, y, lo, hi, false, L, T, S, S);
    frame(ctx, L, T, S, S);
    // The diagonal, 2× and 10× apart.
    [[1, []], [2, [6, 4]], [0.5, [6, 4]], [10, [2, 3]], [0.1, [2, 3]]].forEach(function (d) {
      ctx.save(); ctx.beginPath(); ctx.rect(L, T, S, S); ctx.clip();
      ctx.strokeStyle = "#888"; ctx.lineWidth = 1; ctx.setLineDash(d[1]);
      ctx.beginPath(); ctx.moveTo(x(lo), y(lo * d[0])); ctx.lineTo(x(hi), y(hi * d[0])); ctx.stroke();
      ctx.restore();
    });
    axisTitles(ctx, L, T, S, S, configs[a].name + " (log scale)", configs[b].name + " (log scale)");
    scatterPoints = [];
    for (i = 0; i < n; i++) {
      var va = data.verdicts[a][i], vb = data.verdicts[b][i];
      if (va === "-" || vb === "-") continue;
      var px = answered(a, i) ? x(data.times[a][i]) : L + S + band / 2;
      var py = answered(b, i) ? y(data.times[b][i]) : T - band / 2;
      scatterPoints.push([px, py, i]);
    }
    ctx.globalAlpha = scatterPoints.length > 5000 ? 0.45 : 0.8;
    var colours = data.palette.length;
    scatterPoints.forEach(function (p) {
      var f = P.file[p[2]];
      ctx.fillStyle = data.palette[f % colours];
      mark(ctx, Math.floor(f / colours), p[0], p[1], 2);
    });
    ctx.globalAlpha = 1;
    legend(ctx, L + S + band + 24, T + 10, data.files.map(function (f, k) {
      return { name: f, colour: data.palette[k % colours], shape: Math.floor(k / colours) };
    }));
    canvas.dataset.points = String(scatterPoints.length);
    canvas.dataset.pair = configs[a].name + " / " + configs[b].name;
    document.getElementById("scatter-count").textContent = scatterPoints.length + " puzzles ran by both";
  }
  function hover(ev) {
    var canvas = document.getElementById("scatter-canvas"), tip = document.getElementById("tip");
    var box = canvas.getBoundingClientRect();
    var mx = (ev.clientX - box.left) * (parseFloat(canvas.style.width) / box.width);
    var my = (ev.clientY - box.top) * (parseFloat(canvas.style.height) / box.height);
    var best = null, dist = 64;
    scatterPoints.forEach(function (p) {
      var d = (p[0] - mx) * (p[0] - mx) + (p[1] - my) * (p[1] - my);
      if (d < dist) { dist = d; best = p; }
    });
    if (!best) { tip.hidden = true; return; }
    var a = +document.getElementById("scatter-x").value, b = +document.getElementById("scatter-y").value, i = best[2];
    tip.textContent = source(i) + "\n" + configs[a].name + ": " + fmtTime(data.times[a][i]) + " (" + WORD[data.verdicts[a][i]] + ")\n" +
      configs[b].name + ": " + fmtTime(data.times[b][i]) + " (" + WORD[data.verdicts[b][i]] + ")";
    tip.hidden = false;
    tip.style.left = (best[0] + 12) + "px"; tip.style.top = (best[1] + 12) + "px";
  }

  // The puzzle table: a filter, a page of 50 rows at a time.
  var PAGE = 50, page = 0, shown = [];
  function filtered() {
    var f = document.getElementById("filter").value, k = +document.getElementById("filter-config").value;
    document.getElementById("filter-config").hidden = f !== "slowest";
    var out = [];
    for (var i = 0; i < n; i++) {
      if (f === "disagree" && !disagree.has(i)) continue;
      if (f === "wrong" && !configs.some(function (_, c) { return data.verdicts[c][i] === "w"; })) continue;
      if (f === "noanswer" && !configs.some(function (_, c) { var v = data.verdicts[c][i]; return v === "k" || v === "o" || v === "f"; })) continue;
      if (f === "slowest" && data.times[k][i] === null) continue;
      out.push(i);
    }
    if (f === "slowest") out.sort(function (p, q) { return data.times[k][q] - data.times[k][p]; });
    return out;
  }
  function puzzleTable() {
    var table = document.getElementById("puzzle-table");
    var head = table.tHead, body = table.tBodies[0];
    if (!head.rows.length) {
      var tr = head.insertRow();
      ["#", "puzzle", "size", "given", "grid"].concat(configs.map(function (c) { return c.name; }))
        .forEach(function (h) { tr.appendChild(el("th", h)); });
    }
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    body.textContent = "";
    shown.slice(page * PAGE, page * PAGE + PAGE).forEach(function (i) {
      var tr = body.insertRow();
      tr.appendChild(el("td", String(i + 1), disagree.has(i) ? "disagree" : ""));
      tr.appendChild(el("td", source(i)));
      tr.appendChild(el("td", P.size[i] + "×" + P.size[i]));
      tr.appendChild(el("td", Math.round(P.given[i] * 100) + " %"));
      // The grid's rows one under another.
      var rows = [], text = P.text[i], side = P.size[i];
      for (var at = 0; at < text.length; at += side) rows.push(text.slice(at, at + side));
      var grid = el("td"); grid.appendChild(el("code", rows.join("\n"))); tr.appendChild(grid);
      configs.forEach(function (_, k) {
        var v = data.verdicts[k][i];
        tr.appendChild(el("td", v === "-" ? "-" : WORD[v] + " " + fmtTime(data.times[k][i]), "verdict-" + v));
      });
    });
    document.getElementById("page-info").textContent = shown.length ?
      "rows " + (page * PAGE + 1) + "–" + Math.min(shown.length, page * PAGE + PAGE) + " of " + shown.length : "no puzzle";
    document.getElementById("prev").disabled = page === 0;
    document.getElementById("next").disabled = page >= pages - 1;
    table.dataset.rows = String(body.rows.length);
  }
  function refilter() { shown = filtered(); page = 0; puzzleTable(); }

  // Sortable summary tables: by a column's figure, or its text for the first.
  function sortable(table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, c) {
      th.addEventListener("click", function () {
        var up = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", up ? "ascending" : "descending");
        var rows = Array.prototype.slice.call(table.tBodies[0].rows);
        rows.sort(function (p, q) {
          // By the figure; a cell without one (`-`) after every figure either way.
          var a = p.cells[c], b = q.cells[c], ka = a.dataset.key, kb = b.dataset.key;
          if (c > 0 && (ka === undefined || kb === undefined)) return (ka === undefined) - (kb === undefined);
          var d = c > 0 ? ka - kb : a.textContent.localeCompare(b.textContent);
          return up ? d : -d;
        });
        rows.forEach(function (r) { table.tBodies[0].appendChild(r); });
      });
    });
  }

  function options(select, chosen) {
    configs.forEach(function (c, k) {
      var o = el("option", c.name); o.value = String(k); select.appendChild(o);
    });
    select.value = String(chosen);
  }
  options(document.getElementById("scatter-x"), 0);
  options(document.getElementById("scatter-y"), Math.min(1, configs.length - 1));
  options(document.getElementById("filter-config"), 0);

  // The view lives in the address's fragment (`#x=dlx&y=fast&show=slowest&of=fast`), so
  // a link or a reload shows the same plot and puzzles.
  var VIEW = { x: "scatter-x", y: "scatter-y", show: "filter", of: "filter-config" };
  function configIndex(name) {
    var k = configs.findIndex(function (c) { return c.name === name; });
    return k < 0 ? null : String(k);
  }
  function readView() {
    new URLSearchParams(location.hash.slice(1)).forEach(function (value, key) {
      var menu = VIEW[key] && document.getElementById(VIEW[key]);
      if (!menu) return;
      var v = key === "show" ? value : configIndex(value);
      if (v !== null && Array.prototype.some.call(menu.options, function (o) { return o.value === v; })) menu.value = v;
    });
  }
  function writeView() {
    var view = new URLSearchParams();
    Object.keys(VIEW).forEach(function (key) {
      var menu = document.getElementById(VIEW[key]);
      if (key === "of" && document.getElementById("filter").value !== "slowest") return;
      if (configs.length || key === "show") view.set(key, key === "show" ? menu.value : configs[+menu.value].name);
    });
    history.replaceState(null, "", "#" + view.toString());
  }
  readView();
  function redraw(f) { return function () { f(); writeView(); }; }
  document.getElementById("scatter-x").addEventListener("change", redraw(scatter));
  document.getElementById("scatter-y").addEventListener("change", redraw(scatter));
  document.getElementById("scatter-canvas").addEventListener("mousemove", hover);
  document.getElementById("scatter-canvas").addEventListener("mouseleave", function () { document.getElementById("tip").hidden = true; });
  document.getElementById("filter").addEventListener("change", redraw(refilter));
  document.getElementById("filter-config").addEventListener("change", redraw(refilter));
  document.getElementById("prev").addEventListener("click", function () { page--; puzzleTable(); });
  document.getElementById("next").addEventListener("click", function () { page++; puzzleTable(); });
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), sortable);
  if (configs.length) { cactus(); scatter(); }
  refilter();
})();
