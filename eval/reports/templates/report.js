// taxlogic report: the case browser. Reads the JSON in #report-data and builds the DOM with
// textContent only (never innerHTML of data): model output and case text stay text.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("report-data").textContent);
  var RUNS = DATA.runs, CASES = DATA.cases;
  var PAGE = 300;
  var LETTERS = "ABCDEFGH";
  var state = { verdict: "all", run: "any", kind: "", split: "", task: "", q: "", shown: PAGE };
  var rows = new Map(); // case key -> row element (built on first display)

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function letter(n) { return n < LETTERS.length ? LETTERS[n] : String(n + 1); }
  function show(v) {
    if (v === null || v === undefined) return "–";
    if (typeof v === "number") return v.toLocaleString("en-US");
    return String(v);
  }
  function secs(s) { return (s || 0).toFixed(s >= 10 ? 1 : 2) + " s"; }
  function tokens(t) { return t ? show(t[0]) + " in / " + show(t[1]) + " out" : "–"; }

  // ------------------------------------------------------------------ filters
  function verdictMatch(c, v) {
    var vs = state.run === "any" ? c.runs : [c.runs[+state.run]];
    return vs.some(function (r) { return r && r.verdict === v; });
  }
  function matches(c, ignoreVerdict) {
    if (state.q && c.id.toLowerCase().indexOf(state.q) < 0) return false;
    if (state.split && c.split !== state.split) return false;
    if (state.task && c.task !== state.task) return false;
    if (state.kind && !c.runs.some(function (r) { return r && r.kinds.indexOf(state.kind) >= 0; })) return false;
    if (!ignoreVerdict && state.verdict !== "all" && !verdictMatch(c, state.verdict)) return false;
    return true;
  }
  function fillSelect(id, values) {
    var sel = document.getElementById(id);
    Array.from(new Set(values)).filter(function (v) { return v; }).sort().forEach(function (v) {
      add(sel, el("option", null, v)).lastChild.value = v;
    });
  }

  // ------------------------------------------------------------------ the list
  function caseRow(c) {
    var row = rows.get(c.key);
    if (row) return row;
    row = el("article", "case");
    row.dataset.key = c.key;
    row.dataset.id = c.id;
    var head = el("button", "case-head");
    head.type = "button";
    head.setAttribute("aria-expanded", "false");
    add(head, el("span", "caret", "▸"), el("span", "cid", c.id), el("span", "meta", [c.split, c.task].filter(Boolean).join(" · ")));
    var verdicts = el("span", "verdicts-line");
    c.runs.forEach(function (r, n) {
      var cell = el("span", "run-verdict");
      if (RUNS.length > 1) add(cell, el("span", "run-chip run-" + n, letter(n)));
      if (!r) add(cell, el("span", "badge v-none", "not run"));
      else add(cell, el("span", "badge v-" + r.verdict, r.verdict), el("span", "pred", show(r.prediction)));
      add(verdicts, cell);
    });
    var gold = c.runs.filter(Boolean)[0];
    add(head, verdicts, el("span", "gold", "gold " + show(gold ? gold.gold : null)));
    if (c.differs) add(head, el("span", "differs", "verdicts differ"));
    var body = el("div", "case-body");
    body.hidden = true;
    head.addEventListener("click", function () {
      var open = body.hidden;
      if (open && !body.firstChild) buildBody(c, body);
      body.hidden = !open;
      head.setAttribute("aria-expanded", String(open));
      row.classList.toggle("open", open);
    });
    if (!document.getElementById(c.id)) row.id = c.id;  // a link of its own: report.html#tax_case_5
    var link = el("a", "permalink", "#");
    link.href = "#" + encodeURIComponent(c.id);
    link.title = "link to this case";
    add(row, link, head, body);
    row.openCase = function () { if (body.hidden) head.click(); };
    rows.set(c.key, row);
    return row;
  }

  // report.html#ID: show that case (search for it), open it and scroll to it
  function openFromHash() {
    var id = decodeURIComponent((location.hash || "").slice(1));
    if (!id) return;
    var c = CASES.filter(function (x) { return x.id === id; })[0];
    if (!c) return;
    var search = document.getElementById("search");
    search.value = id;
    state.q = id.toLowerCase();
    state.verdict = "all";
    state.shown = PAGE;
    render();
    var row = caseRow(c);
    row.openCase();
    row.scrollIntoView({ block: "start" });
  }

  function render() {
    var list = CASES.filter(function (c) { return matches(c, false); });
    var box = document.getElementById("cases");
    box.replaceChildren.apply(box, list.slice(0, state.shown).map(caseRow));
    var more = document.getElementById("more");
    more.hidden = list.length <= state.shown;
    more.textContent = "show " + Math.min(PAGE, list.length - state.shown) + " more of " + (list.length - state.shown);
    document.getElementById("shown").textContent = "showing " + Math.min(list.length, state.shown) + " of " + list.length +
      " matching cases (" + CASES.length + " in all)" + (RUNS.length > 1 ? "; cases whose verdicts differ come first" : "");
    var base = CASES.filter(function (c) { return matches(c, true); });
    document.querySelectorAll("#verdict-filter .vbtn").forEach(function (b) {
      var v = b.dataset.verdict;
      b.querySelector(".count").textContent = v === "all" ? base.length : base.filter(function (c) { return verdictMatch(c, v); }).length;
      b.setAttribute("aria-pressed", String(v === state.verdict));
    });
  }

  // ------------------------------------------------------------------ one case
  function field(dl, name, value, cls) {
    add(dl, el("dt", null, name), el("dd", cls || null, value));
  }

  function factsBlock(facts, issues) {
    var box = el("div", "facts");
    var lines = (facts || "").split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    var byLine = {}, loose = [];
    (issues || []).forEach(function (i) {
      if (i.line && i.line >= 1 && i.line <= lines.length) (byLine[i.line] = byLine[i.line] || []).push(i);
      else loose.push(i);
    });
    lines.forEach(function (text, k) {
      var n = k + 1;
      var line = el("div", "line" + (byLine[n] ? " flagged" : ""));
      line.dataset.line = String(n);
      add(line, el("span", "ln", n), el("code", "src", text === "" ? " " : text));
      (byLine[n] || []).forEach(function (i) { add(line, issueEl(i, true)); });
      add(box, line);
    });
    if (!lines.length) add(box, el("p", "muted", "(no facts)"));
    if (loose.length) {
      var ul = add(el("div", "loose-issues"), el("div", "loose-title", "about the whole translation"));
      loose.forEach(function (i) { add(ul, issueEl(i)); });
      add(box, ul);
    }
    return box;
  }
  function issueEl(i, onItsLine) {
    var d = el("div", "issue");
    add(d, el("span", "kind", i.kind), el("span", "msg", (i.line && !onItsLine ? "line " + i.line + ": " : "") + i.message));
    return d;
  }
  function diffBlock(lines) {
    var plus = lines.filter(function (l) { return l[0] === "+"; }).length;
    var minus = lines.filter(function (l) { return l[0] === "-"; }).length;
    var d = el("details", "diff");
    add(d, el("summary", null, "repair diff (+" + plus + " −" + minus + ")"));
    var pre = el("pre", "diff-lines");
    lines.forEach(function (l) {
      add(pre, el("span", l[0] === "+" ? "add" : l[0] === "-" ? "del" : l.slice(0, 2) === "@@" ? "hunk" : "ctx", l + "\n"));
    });
    return add(d, pre);
  }
  function roundBlock(r, multiSample) {
    var box = el("section", "round");
    var title = (r.index === 0 ? "translation" : "repair " + r.index) + (multiSample ? " · sample " + (r.sample + 1) : "");
    var h = add(el("div", "round-head"), el("span", "round-title", title));
    add(h, el("span", "outcome" + (r.issues.length ? " bad" : " good"), r.outcome ? "Prolog: " + r.outcome : "not run (rejected before Prolog)"));
    if (r.answer !== null && r.answer !== undefined) add(h, el("span", "answer-tag", "answer " + show(r.answer)));
    add(h, el("span", "muted", tokens(r.tokens) + " · " + secs(r.seconds)),
        el("span", "issue-count" + (r.issues.length ? " bad" : ""), r.issues.length + " issue" + (r.issues.length === 1 ? "" : "s")));
    add(box, h);
    if (r.diff && r.diff.length) add(box, diffBlock(r.diff));
    return add(box, factsBlock(r.facts, r.issues));
  }
  function traceBlock(trace) {
    var d = el("details", "trace");
    var total = trace.reduce(function (a, t) { return a + t[2]; }, 0);
    add(d, el("summary", null, "trace (" + trace.length + " steps, " + secs(total) + ")"));
    var t = el("table", "grid small");
    var hr = el("tr");
    ["step", "round", "seconds", "tokens in", "tokens out", "issues", "detail"].forEach(function (h) { add(hr, el("th", null, h)); });
    add(t, add(el("thead"), hr));
    var tb = el("tbody");
    trace.forEach(function (s) {
      var tr = el("tr");
      add(tr, el("td", "mono", s[0]), el("td", "num", s[1]), el("td", "num", s[2].toFixed(3)), el("td", "num", show(s[3])),
          el("td", "num", show(s[4])), el("td", "num", s[5]), el("td", "detail", s[6]));
      add(tb, tr);
    });
    return add(d, add(t, tb));
  }

  // a justification tree: nested {label, children} (other spellings tolerated), built as opened
  function nodeLabel(n) {
    if (n === null || typeof n !== "object") return show(n);
    var s = n.label || n.text || n.goal || n.name || n.title || "";
    if (n.value !== undefined && n.value !== null) s += (s ? " = " : "") + show(n.value);
    if (n.holds === false) s = "\u2717 " + s;  // a condition that failed (why-not trees)
    return s || JSON.stringify(n);
  }
  function nodeChildren(n) { return (n && typeof n === "object" && (n.children || n.kids)) || []; }
  function treeNode(n, caseText) {
    var kids = nodeChildren(n);
    var li = el("li", "tnode");
    var label = el("span", "tlabel", nodeLabel(n));
    var extra = [];
    if (n && typeof n === "object") {
      var cite = (n.citation && typeof n.citation === "object") ? n.citation.section : (n.citation || n.section);
      if (cite) {
        var c = el("span", "cite", String(cite));
        if (n.citation && n.citation.quote) c.title = String(n.citation.quote);
        extra.push(c);
      }
      var sentence = n.sentence || n.anchor;
      if (sentence && caseText) {
        var b = el("button", "anchor", "¶ in case");
        b.type = "button";
        b.title = String(sentence);
        b.addEventListener("click", function (e) { e.preventDefault(); highlight(caseText, String(sentence)); });
        extra.push(b);
      }
    }
    if (!kids.length) return add.apply(null, [li, label].concat(extra));
    var d = el("details");
    var sum = add.apply(null, [el("summary"), label].concat(extra));
    add(d, sum);
    var ul = el("ul", "tree");
    d.addEventListener("toggle", function () {
      if (d.open && !ul.firstChild) kids.forEach(function (k) { add(ul, treeNode(k, caseText)); });
    });
    return add(li, add(d, ul));
  }
  function money(v) {
    return typeof v === "number" ? (v < 0 ? "\u2212$" : "$") + Math.abs(v).toLocaleString("en-US") : show(v);
  }
  // the worksheet layer of an explanation (schema 2.0): chain of amounts, deciding condition,
  // the sections with their conditions in words
  function worksheetBlock(ws) {
    var box = el("div", "worksheet");
    if (ws.deciding && ws.deciding.length) {
      ws.deciding.forEach(function (c) { add(box, el("p", "deciding", "\u2717 deciding condition: " + c.text)); });
    }
    if (ws.chain && ws.chain.length) {
      var t = el("table", "chain");
      add(t, add(el("thead"), add(el("tr"), el("th", null, "step"), el("th", "num", "amount"), el("th", null, "section"))));
      var tb = el("tbody");
      ws.chain.forEach(function (a) {
        add(tb, add(el("tr"), el("td", null, a.label), el("td", "num", money(a.value)),
                    el("td", "cite", a.citation ? a.citation.section : "\u2013")));
      });
      add(box, add(t, tb));
    }
    (ws.steps || []).forEach(function (s) {
      var head = (s.section ? s.section + " " : "") + s.title + (s.amount !== undefined && s.amount !== null ? " = " + money(s.amount) : "") +
        (s.repeats ? " (+" + s.repeats + " more with other values)" : "");
      var step = add(el("div", "step"), el("p", s.holds === false ? "step-head fail" : "step-head", (s.holds === false ? "\u2717 " : "") + head));
      var ul = el("ul", "conditions");
      (s.conditions || []).forEach(function (c) {
        add(ul, el("li", c.holds === false ? "fail" : (c.sentence ? "case" : null), (c.holds === false ? "\u2717 " : "\u2713 ") + c.text));
      });
      if (s.more) add(ul, el("li", "muted", "\u2026 " + s.more + " more"));
      add(box, add(step, ul));
    });
    if (ws.more_steps) add(box, el("p", "muted", "\u2026 " + ws.more_steps + " more sections (in the tree)"));
    return box;
  }
  function explanationBlock(ex, caseText) {
    var d = el("details", "justification");
    add(d, el("summary", null, "justification"));
    if (ex && ex.worksheet) {
      d.open = true;
      add(d, worksheetBlock(ex.worksheet));
      var proof = el("details", "justification proof");
      add(proof, el("summary", null, "proof tree"));
      add(d, proof);
      d = proof;
    }
    var ul = el("ul", "tree root");
    var top = ex && typeof ex === "object" && !Array.isArray(ex) && (ex.root || ex.tree) ? (ex.root || ex.tree) : ex;
    (Array.isArray(top) ? top : [top]).forEach(function (n) { add(ul, treeNode(n, caseText)); });
    var first = ul.querySelector("details");
    if (first) first.open = true;
    add(d, ul);
    while (d.parentElement && d.parentElement.tagName === "DETAILS") d = d.parentElement;
    return d;
  }
  function highlight(box, sentence) {
    var text = box.dataset.text;
    var at = text.indexOf(sentence);
    if (at < 0) at = text.toLowerCase().indexOf(sentence.toLowerCase());
    if (at < 0) { box.replaceChildren(document.createTextNode(text)); return; }
    var mark = el("mark", null, text.slice(at, at + sentence.length));
    box.replaceChildren(document.createTextNode(text.slice(0, at)), mark, document.createTextNode(text.slice(at + sentence.length)));
    mark.scrollIntoView({ block: "nearest" });
  }

  // an amount a numeric task answers (SARA's tax, SARA v2's, RuleArena's fees and returns) as money
  function amount(v, task) {
    var money_task = ["numeric", "tax", "airline"].indexOf(task) >= 0;
    if (!money_task || v === null || v === undefined || v === "" || isNaN(Number(v))) return show(v);
    return money(Number(v));
  }
  function runColumn(r, n, caseText, task) {
    var col = el("div", "run-col");
    var head = add(el("div", "run-head"), el("span", "run-chip run-" + n, letter(n)), el("span", null, RUNS[n].label));
    add(col, head);
    if (!r) return add(col, el("p", "muted", "this run has no record of the case"));
    var dl = el("dl", "kv");
    field(dl, "verdict", r.verdict, "badge v-" + r.verdict);
    field(dl, "answer", amount(r.prediction, task));
    field(dl, "gold", amount(r.gold, task));
    if (r.reason) field(dl, "reason", r.reason);
    field(dl, "rounds", r.rounds_n);
    field(dl, "tokens", tokens(r.tokens));
    field(dl, "seconds", secs(r.seconds));
    if (r.query) field(dl, "query", r.query, "mono");
    add(col, dl);
    if (r.rounds) {
      var multi = (r.samples || 1) > 1;
      r.rounds.forEach(function (x) { add(col, roundBlock(x, multi)); });
    } else {  // a record written before transcripts: the last facts, and every round's issues apart
      if (r.facts) add(col, el("h4", null, "facts (last round)"), factsBlock(r.facts, []));
      if (r.errors && r.errors.length) {
        var box = el("div", "loose-issues errors");
        r.errors.forEach(function (i) { add(box, issueEl(i)); });
        add(col, el("h4", null, "issues (all rounds; lines refer to each round's facts)"), box);
      }
    }
    if (r.reply) add(col, el("h4", null, "model reply"), el("pre", "reply", r.reply));
    if (r.details) {
      var kv = el("dl", "kv details");
      Object.keys(r.details).forEach(function (k) {
        var v = r.details[k];
        field(kv, k, v !== null && typeof v === "object" ? JSON.stringify(v) : show(v), "mono");
      });
      add(col, kv);
    }
    if (r.trace && r.trace.length) add(col, traceBlock(r.trace));
    if (r.explanation) add(col, explanationBlock(r.explanation, caseText));
    return col;
  }

  function buildBody(c, body) {
    var caseBox = el("section", "case-text");
    var textEl = null;
    if (c.question) add(caseBox, el("p", "question", c.question));
    if (c.text) {
      textEl = el("p", "text", c.text);
      textEl.dataset.text = c.text;
      add(caseBox, textEl);
    } else {
      add(caseBox, el("p", "muted", "case text not available here (its dataset is not installed on this machine)"));
    }
    if (c.rulebook) {  // RuleArena: the rules the problem is decided by, behind a link
      var p = el("p", "rulebook");
      var a = el("a", null, "the rulebook (RuleArena's reference rules)");
      a.href = c.rulebook;
      a.target = "_blank";
      a.rel = "noopener";
      add(p, a);
      add(caseBox, p);
    }
    add(body, caseBox);
    var grid = el("div", "run-grid");
    grid.style.gridTemplateColumns = "repeat(" + RUNS.length + ", minmax(0, 1fr))";
    c.runs.forEach(function (r, n) { add(grid, runColumn(r, n, textEl, c.task)); });
    add(body, grid);
  }

  // ------------------------------------------------------------------ wiring
  fillSelect("kind-filter", [].concat.apply([], CASES.map(function (c) {
    return [].concat.apply([], c.runs.map(function (r) { return r ? r.kinds : []; }));
  })));
  fillSelect("split-filter", CASES.map(function (c) { return c.split; }));
  fillSelect("task-filter", CASES.map(function (c) { return c.task; }));
  document.querySelectorAll("#verdict-filter .vbtn").forEach(function (b) {
    b.addEventListener("click", function () { state.verdict = b.dataset.verdict; state.shown = PAGE; render(); });
  });
  [["kind-filter", "kind"], ["split-filter", "split"], ["task-filter", "task"], ["verdict-run", "run"]].forEach(function (p) {
    var sel = document.getElementById(p[0]);
    if (sel) sel.addEventListener("change", function () { state[p[1]] = sel.value; state.shown = PAGE; render(); });
  });
  var search = document.getElementById("search");
  search.addEventListener("input", function () { state.q = search.value.trim().toLowerCase(); state.shown = PAGE; render(); });
  document.getElementById("more").addEventListener("click", function () { state.shown += PAGE; render(); });
  render();
  openFromHash();
  window.addEventListener("hashchange", openFromHash);
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "1";
})();
