/* The page's script; page.html.j2 wraps it, marks.js and table.js in one function. It
   computes no answer: every answer, and every mark that is right, is in #savvy-data
   (generator/savvy/lookup.py wrote them). It turns a tap or a link into a lookup key and
   shows the record, and keeps the game (table.js) and the marks (marks.js) in the page's own
   storage, keyed by the game, so a reload, the back gesture or a closed tab loses nothing. */
  var DATA = JSON.parse(document.getElementById("savvy-data").textContent);
  var TABLE = DATA.table;
  var NUMERAL = /^[0-9]+$/;
  var STORE = "pnp-savvy-" + DATA.seed;
  var FIRST_LANG = document.documentElement.lang;
  var WORDS, TEXT;
  var view = { tool: null, picked: [], question: null, retail: false, hideTimer: null,
               finished: false };
  var state = load() || fresh();

  function fresh() {
    return { v: 1, mode: "referee", lang: null, marks: [], screen: "home", tool: null,
             game: null };
  }
  function load() {
    try { return JSON.parse(window.localStorage.getItem(STORE)); } catch (e) { return null; }
  }
  function save() {
    try { window.localStorage.setItem(STORE, JSON.stringify(state)); } catch (e) { /* full */ }
    var shown = { mode: state.mode, labs: {}, order: [], over: false };
    if (state.game) {
      var g = state.game;
      TABLE.labs.forEach(function (code) {
        var lab = g.labs[code];
        shown.labs[code] = { tools: lab.tools, tries: lab.tries, turns: lab.turns,
                             yes: lab.yes, no: lab.no, analyzed: lab.analyzed,
                             spionado: lab.spionado, hackz: lab.hackz, out: lab.out,
                             won: lab.won };
      });
      shown.order = g.order;
      shown.over = g.over;
      shown.interruption = g.interruption;
    }
    document.getElementById("state").setAttribute("data-state", JSON.stringify(shown));
  }

  function $(id) { return document.getElementById(id); }
  function each(selector, root, action) {
    Array.prototype.forEach.call((root || document).querySelectorAll(selector), action);
  }
  function inTool(selector) {
    return document.querySelector(selector + '[data-tool="' + view.tool + '"]');
  }
  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }
  function table() { return state.mode === "table"; }
  /* A draw the page makes (Spionado's cards, Kolapso's discard, Misfunkcio's reading):
     repeatable from the game and the number of plays so far. */
  function pick(list, salt) {
    var h = 2166136261;
    String(DATA.seed + ":" + salt).split("").forEach(function (c) {
      h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    });
    return list[h % list.length];
  }

  /* The lookup key, written exactly as lookup.py writes it. */
  function argsKey(text) {
    var words = String(text || "").toLowerCase().split(/[\s,]+/).filter(Boolean);
    if (words.length && words.every(function (w) { return NUMERAL.test(w); })) {
      return words.map(Number).sort(function (a, b) { return a - b; }).join(",");
    }
    return words.map(function (w) { return NUMERAL.test(w) ? String(Number(w)) : w; }).join(" ");
  }
  function questionKey(tool, args, draw, misfunkcio) {
    var spec = DATA.tools[tool] || {};
    var key = argsKey(args);
    if (spec.draw && draw !== 1) { key += " --draw " + draw; }
    if (spec.misfunkcio && misfunkcio) { key += " --misfunkcio"; }
    return key;
  }
  function lookUp(tool, key) {
    var table = DATA.keys[tool];
    if (table && Object.prototype.hasOwnProperty.call(table, key)) { return table[key]; }
    var molecules = key.split(",");
    if (["samply", "mikroskopo", "analyzer"].indexOf(tool) >= 0 && molecules.length === 5) {
      /* a retail card, by its molecules: the same record as a kit card holding as many
         antidote molecules (table.py's hits: each molecule's count) */
      var held = molecules.reduce(function (sum, m) { return sum + (TABLE.hits[m] || 0); }, 0);
      var want = JSON.stringify({ answer: tool === "analyzer" ? held : held > 0 });
      var found = null;
      Object.keys(table).forEach(function (k) {
        var at = table[k];
        if (found === null && JSON.parse(DATA.records[at].j).answer === JSON.parse(want).answer) {
          found = at;
        }
      });
      return found;
    }
    return null;
  }
  function recordOf(at) {
    if (at === null || at === undefined) { return null; }
    var r = DATA.records[at];
    return { j: r.j, right: r.right, mol: r.mol, fill: r.fill, at: at,
             big: WORDS.records[at][0], say: WORDS.records[at][1] };
  }

  function molecule(n) {
    var copy = document.querySelector('#grid .mol[data-m="' + n + '"]').cloneNode(true);
    copy.removeAttribute("data-m");
    copy.setAttribute("aria-pressed", "false");
    copy.disabled = true;
    return copy;
  }

  /* The sheet at the bottom of the screen: a record, or a sentence saying why there is none. */
  function show(record, question, problem) {
    var big = $("answer-big");
    var row = $("answer-mol");
    clearTimeout(view.hideTimer);
    $("sheet").hidden = false;
    $("answer").classList.remove("covered");
    $("question").textContent = question;
    $("answer").setAttribute("data-answer", record ? record.j : "");
    big.textContent = record ? record.big : "";
    if (record && record.fill) {
      var mark = document.createElement("span");
      mark.className = "swatch";
      mark.style.background = record.fill;
      /* the colour's shape too, as on the grid, for a player who cannot tell the colours */
      var disc = document.querySelector('#grid .disc[style*="' + record.fill + '"]');
      if (disc) { mark.appendChild(disc.parentNode.querySelector(".badge").cloneNode(true)); }
      big.insertBefore(mark, big.firstChild);
    }
    row.textContent = "";
    (record && record.mol || []).forEach(function (n) { row.appendChild(molecule(n)); });
    $("answer-say").textContent = record ? record.say : (problem || "");
  }
  function note(text) {
    show(null, DATA.tools[view.tool] ? WORDS.names[view.tool] : "", text);
  }
  /* Table mode: the answer is for the lab that asked; it hides on a tap or after a while. */
  function hideSoon() {
    if (!table()) { return; }
    $("answer-say").textContent += " " + TEXT.tap_hide;
    view.hideTimer = setTimeout(hideAnswer, TABLE.hide_after_ms);
  }
  function hideAnswer() {
    if (!table() || $("answer").classList.contains("covered")) { return; }
    clearTimeout(view.hideTimer);
    $("answer").classList.add("covered");
    $("answer-big").textContent = "";
    $("answer-mol").textContent = "";
    $("answer-say").textContent = TEXT.hidden;  /* a play's tally stays until Done */
  }

  function ask(args, draw, label) {
    var misfunkcio = inTool(".inputs").querySelector(".misfunkcio");
    var broken = misfunkcio && misfunkcio.checked;
    if (table()) { broken = Boolean(state.game.interruption && TABLE.interruptions[0].misfunkcio); }
    var key = questionKey(view.tool, args, draw, broken);
    var record = recordOf(lookUp(view.tool, key));
    var question = WORDS.names[view.tool] + (label ? " · " + label : "");
    if (table() && !allowedArgs(args, record)) { return; }
    view.question = { record: record, text: question };
    $("answer").setAttribute("data-question", view.tool + "|" + key);
    show(record, question, TEXT.unknown);
    clearChoices();
    if (record) { tally(label, record); }
    if (table() && record) { played(args, record); }
  }
  /* Samply, Mikroskopo and Analyzer sort several cards: the sheet lists them as they come. */
  function tally(label, record) {
    if (!TABLE.play_size[view.tool]) { $("tally").textContent = ""; return; }
    var item = document.createElement("li");
    item.textContent = label + " → " + record.big;
    var list = $("tally");
    if (list.children.length >= TABLE.play_size[view.tool]) { list.textContent = ""; }
    list.appendChild(item);
  }

  function clearGrid() {
    view.picked = [];
    each("#grid .mol", null, function (b) { b.setAttribute("aria-pressed", "false"); });
  }
  function clearChoices() {
    $("verdict").textContent = "";
    $("verdict").className = "";
    each(".choice", null, function (b) { b.setAttribute("aria-pressed", "false"); });
  }
  function waiting() {
    view.question = null;
    $("answer").removeAttribute("data-question");
    show(null, WORDS.names[view.tool], TEXT.pick);
  }
  function gridCount() {
    return view.retail ? 5 : DATA.tools[view.tool].count;
  }

  function openTool(tool, fromHistory) {
    var spec = DATA.tools[tool];
    view.tool = tool;
    view.retail = false;
    state.screen = "tool";
    state.tool = tool;
    clearGrid();
    $("home").hidden = true;
    $("tool").hidden = false;
    $("tally").textContent = "";
    $("tool-name").textContent = WORDS.names[tool];
    each(".inputs, .choices", null, function (part) {
      part.hidden = part.getAttribute("data-tool") !== tool;
    });
    each(".arg, .retail", null, function (b) { b.setAttribute("aria-pressed", "false"); });
    each(".misfunkcio", null, function (box) { box.checked = false; });
    $("grid-box").hidden = !spec.count;
    if (!fromHistory) { window.history.pushState({ screen: "tool", tool: tool }, ""); }
    if (table()) { tableTool(); } else if (spec.bare) { ask("", 1, ""); } else { waiting(); }
    window.scrollTo(0, 0);
    save();
  }
  function showHome() {
    if (table() && state.game.play) { endPlay(); }
    view.tool = null;
    state.screen = "home";
    state.tool = null;
    $("tool").hidden = true;
    $("sheet").hidden = true;
    $("home").hidden = false;
    if (table()) { drawTable(); }
    save();
  }

  function tapMolecule(button) {
    var count = gridCount();
    var n = Number(button.getAttribute("data-m"));
    var at = view.picked.indexOf(n);
    if (at >= 0) {
      view.picked.splice(at, 1);
    } else if (count === 1) {
      clearGrid();
      view.picked = [n];
    } else if (view.picked.length < count) {
      view.picked.push(n);
    }
    pressPicked();
    askPicked();
  }
  function pressPicked() {
    each("#grid .mol", null, function (b) {
      var picked = view.picked.indexOf(Number(b.getAttribute("data-m"))) >= 0;
      b.setAttribute("aria-pressed", picked ? "true" : "false");
    });
  }
  function askPicked() {
    if (view.picked.length !== gridCount()) { waiting(); return; }
    var sorted = view.picked.slice().sort(function (a, b) { return a - b; });
    ask(sorted.join(","), 1, sorted.join(", "));
    if (view.question && !view.question.record) {
      show(null, view.question.text, TEXT.not_a_place);
    }
    if (view.retail) { clearGrid(); }
  }
  function tapRetail(button) {
    view.retail = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", view.retail ? "true" : "false");
    clearGrid();
    $("grid-box").hidden = !view.retail;
  }

  function tapArgument(button) {
    each(".arg", inTool(".inputs"), function (b) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    });
    ask(button.getAttribute("data-args"), Number(button.getAttribute("data-draw")),
        button.textContent.trim());
  }
  function reask() {
    var pressed = inTool(".inputs").querySelector('.arg[aria-pressed="true"]');
    if (pressed) { tapArgument(pressed); } else if (DATA.tools[view.tool].count) {
      askPicked();
    } else if (DATA.tools[view.tool].bare) { ask("", 1, ""); }
  }

  var checking = false;
  function setCheck(mode) {
    checking = mode === "check" && !table();
    each(".modes button", null, function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-mode") === mode ? "true" : "false");
    });
    each("[data-mode-only]", null, function (part) {
      part.hidden = part.getAttribute("data-mode-only") !== (checking ? "check" : "ask");
    });
    each("[data-play-only]", null, function (part) {
      part.hidden = part.getAttribute("data-play-only") !== state.mode;
    });
    $("answer").hidden = checking;
  }

  /* ?tool=scanpad&args=1,2,3,6,7,8 [&draw=2] [&misfunkcio=1]: open on that answer. */
  function fromLink(params) {
    var tool = (params.get("tool") || "").trim().toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(DATA.tools, tool)) {
      $("home").hidden = true;
      $("tool").hidden = false;
      view.tool = tool;
      $("answer").setAttribute("data-question", tool);
      show(null, tool, TEXT.unknown);
      return;
    }
    openTool(tool, true);
    var flag = params.get("misfunkcio");
    var box = inTool(".inputs").querySelector(".misfunkcio");
    if (box) { box.checked = flag !== null && ["0", "false", "no"].indexOf(flag) < 0; }
    var args = params.get("args") || "";
    var draw = params.has("draw") ? Number(params.get("draw")) : 1;
    if (DATA.tools[tool].count) {
      argsKey(args).split(",").map(Number).forEach(function (n) {
        if (n && view.picked.indexOf(n) < 0) { view.picked.push(n); }
      });
      pressPicked();
    }
    var asked = questionKey(tool, args, draw, false);
    var button = null;
    each(".arg", inTool(".inputs"), function (b) {
      var own = questionKey(tool, b.getAttribute("data-args"), Number(b.getAttribute("data-draw")));
      if (own === asked) { button = b; }
    });
    if (button) { tapArgument(button); return; }
    ask(args, draw, argsKey(args) + (draw !== 1 ? " · --draw " + draw : ""));
  }

  /* ---- the screens, in one language ------------------------------------------------- */
  function enter(mode) {
    var playing = state.game && !state.game.over && state.mode === "table";
    if (mode === "referee" && playing && !window.confirm(TEXT.confirm_referee)) { return; }
    if (mode === "table" && !state.game) { state.game = newGame(); }
    state.mode = mode;
    state.entered = true;
    $("gate").hidden = true;
    $("app").hidden = false;
    setCheck("ask");
    if (view.tool !== null && !table()) {
      $("home").hidden = true;
      $("tool").hidden = false;
    } else {
      showHome();
    }
  }
  function startAgain() {
    if (!window.confirm(fill(TEXT.confirm_new, { n: DATA.seed }))) { return; }
    state.game = newGame();
    state.undo = null;
    $("reveal").hidden = true;
    showHome();
  }
  function mount(lang) {
    var template = $("ui-" + lang) || $("ui-" + FIRST_LANG);
    var root = $("root");
    root.textContent = "";
    root.appendChild(template.content.cloneNode(true));
    var words = JSON.parse(root.querySelector("script.words").textContent);
    WORDS = words;
    TEXT = words.text;
    document.documentElement.lang = lang;
    bind();
    drawMarks();
  }
  function bind() {
    $("i-am-savvy").addEventListener("click", function () { enter("referee"); });
    each('#gate [data-mode="table"]', null, function (b) {
      b.addEventListener("click", function () { enter("table"); });
    });
    each("[data-lang]", null, function (b) {
      b.addEventListener("click", function () { switchLanguage(b.getAttribute("data-lang")); });
    });
    each(".modes button", null, function (b) {
      b.addEventListener("click", function () { setCheck(b.getAttribute("data-mode")); });
    });
    each(".lab", null, function (b) {
      b.addEventListener("click", function () { chooseLab(b.getAttribute("data-lab")); });
    });
    each(".tool", null, function (b) {
      b.addEventListener("click", function () { tapTool(b.getAttribute("data-tool")); });
    });
    each("#grid .mol", null, function (b) {
      b.addEventListener("click", function () { tapMolecule(b); });
    });
    each(".arg", null, function (b) {
      b.addEventListener("click", function () { tapArgument(b); });
    });
    each(".retail", null, function (b) {
      b.addEventListener("click", function () { tapRetail(b); });
    });
    each(".misfunkcio", null, function (box) { box.addEventListener("change", reask); });
    each(".choice", null, function (b) {
      b.addEventListener("click", function () { tapChoice(b); });
    });
    each(".add-mark", null, function (b) { b.addEventListener("click", addMulti); });
    $("clear").addEventListener("click", function () { clearGrid(); waiting(); });
    $("back").addEventListener("click", function () { window.history.back(); });
    $("undo").addEventListener("click", undoLast);
    $("answer").addEventListener("click", hideAnswer);
    $("done-play").addEventListener("click", function () { window.history.back(); });
    $("to-gate").addEventListener("click", function () {
      $("app").hidden = true;
      $("gate").hidden = false;
    });
    each("#new-game, .new-game", null, function (b) { b.addEventListener("click", startAgain); });
    document.querySelector(".clear-marks").addEventListener("click", function () {
      state.marks = [];
      drawMarks();
      save();
    });
  }
  function switchLanguage(lang) {
    state.lang = lang;
    var inside = !$("app").hidden;
    var tool = state.screen === "tool" ? state.tool : null;
    mount(lang);
    if (inside) {
      $("gate").hidden = true;
      $("app").hidden = false;
      setCheck(checking ? "check" : "ask");
      if (table() && state.game.over) { reveal(); } else { showHome(); }
      if (tool && !table()) { openTool(tool, true); }
    }
    save();
  }

  window.addEventListener("popstate", function () {
    if (!$("app").hidden && view.tool !== null) { showHome(); }
  });

  mount(state.lang || FIRST_LANG);
  var params = new URLSearchParams(window.location.search);
  window.history.replaceState({ screen: "home" }, "");
  if (params.get("tool")) {
    state.mode = "referee";
    fromLink(params);
  } else if (state.mode === "table" && state.entered && state.game) {
    enter("table");
  }
  save();
