/* The page's script. It computes no answer: every answer, and every mark that is right, is in
   #savvy-data (generator/savvy/lookup.py wrote them). It turns a tap or a link into a lookup
   key and shows the record. In table mode it also keeps each lab's count of cards (the
   tools played, the Antidote tries left, the turns, what Spionado lent and what Hackz
   copied) in the page's own storage, keyed by the game, and draws the interruptions in the
   order generator/savvy/table.py shuffled them. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("savvy-data").textContent);
  var TABLE = DATA.table;
  var NUMERAL = /^[0-9]+$/;
  var STORE = "pnp-savvy-" + DATA.seed;
  var FIRST_LANG = document.documentElement.lang;
  var WORDS, TEXT;
  var view = { tool: null, picked: [], question: null, retail: false, hideTimer: null };
  var state = load() || fresh();

  function fresh() {
    return { v: 1, mode: "referee", lang: null, marks: [], screen: "home", tool: null,
             game: null };
  }
  function newGame() {
    var labs = {};
    TABLE.labs.forEach(function (code) {
      var left = {};
      Object.keys(TABLE.qty).forEach(function (t) { left[t] = TABLE.qty[t]; });
      labs[code] = { tools: [], left: left, tries: TABLE.qty.antidote, turns: 0, yes: [],
                     no: [], analyzed: {}, dedukto: [], substrakto: 0, spionado: [],
                     hackz: [], blocked: {}, forced: [], planning: 0, premo: false,
                     deadline: null, out: null, won: false };
    });
    return { labs: labs, order: [], lab: null, play: null, interruption: null,
             drawn: 0, over: false, notes: [] };
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
    $("answer-say").textContent = TEXT.hidden;
    $("tally").textContent = "";
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

  /* ---- table mode: the count of each lab's cards ------------------------------------ */
  function labOf(code) { return state.game.labs[code]; }
  function others(code) {
    return TABLE.labs.filter(function (c) { return c !== code && !labOf(c).out; });
  }
  function canStart(code) {
    var lab = labOf(code);
    if (state.game.over || lab.out) { return false; }
    return others(code).every(function (c) { return labOf(c).turns >= lab.turns; });
  }
  /* Why this lab cannot play this tool now ("" when it can). */
  function refusal(code, tool) {
    var lab = labOf(code);
    var other = others(code)[0];
    if (!lab.left[tool]) { return TEXT.none_left; }
    if (lab.blocked[tool]) { return fill(TEXT.blocked, { n: lab.blocked[tool] }); }
    if (lab.premo && tool !== "antidote" && lab.left.antidote) { return TEXT.premo; }
    if (lab.forced.length && tool !== lab.forced[0] && tool !== "antidote") {
      return fill(TEXT.forced, { tool: WORDS.names[lab.forced[0]] });
    }
    if (tool === "analyzer" && !readyForAnalyzer(lab).length) { return TEXT.only_after_analyzer; }
    if (tool === "kolozomi" && !lab.dedukto.length) { return TEXT.only_after_kolozomi; }
    if (tool === "hackz" && !copied(other)) { return TEXT.hackz_none; }
    if (tool === "spionado" && !(other && labOf(other).no.length)) { return TEXT.spionado_none; }
    return "";
  }
  function readyForAnalyzer(lab) {
    return lab.yes.filter(function (c) { return !Object.prototype.hasOwnProperty.call(lab.analyzed, c); });
  }
  function copied(other) {
    if (!other) { return null; }
    var tools = labOf(other).tools.filter(function (t) { return t !== "hackz" && t !== "spionado"; });
    return tools.length ? tools[tools.length - 1] : null;
  }

  function drawTable() {
    var g = state.game;
    if (g.over) { reveal(); return; }
    var turn = 1 + Math.min.apply(null, TABLE.labs.map(function (c) { return labOf(c).turns; }));
    $("table-status").textContent = fill(TEXT.turn, { n: turn });
    each(".lab", null, function (b) {
      var code = b.getAttribute("data-lab");
      var lab = labOf(code);
      b.disabled = !canStart(code);
      b.setAttribute("aria-pressed", g.lab === code ? "true" : "false");
      b.querySelector(".lab-sum").textContent = lab.out ? "✗" : fill(TEXT.tools, { n: lab.turns })
        + " · " + fill(TEXT.tries, { n: lab.tries });
    });
    if (g.lab && !canStart(g.lab)) { g.lab = null; }
    var lab = g.lab && labOf(g.lab);
    each(".tool", null, function (b) {
      var tool = b.getAttribute("data-tool");
      b.disabled = !lab || Boolean(refusal(g.lab, tool) && !(lab.planning && lab.left[tool]));
      b.querySelector(".left").textContent = lab ? " ×" + lab.left[tool] : "";
    });
    var notes = g.notes.slice(-2);
    if (lab) {
      notes.push(fill(TEXT.asks, { lab: WORDS.labs[g.lab] }));
      if (lab.planning) {
        notes.push(fill(TEXT.plan, { n: lab.planning, done: lab.forced.length }));
      } else if (lab.premo && lab.left.antidote) {
        notes.push(TEXT.premo);
      } else if (lab.forced.length) {
        notes.push(fill(TEXT.forced, { tool: WORDS.names[lab.forced[0]] }));
      }
    }
    $("table-note").textContent = notes.join(" ");
  }
  function chooseLab(code) {
    if (!canStart(code)) { return; }
    state.game.lab = code;
    drawTable();
    save();
  }
  function tapTool(tool) {
    var g = state.game;
    if (table() && g.lab && labOf(g.lab).planning) { planTool(tool); return; }
    openTool(tool);
  }
  function planTool(tool) {
    var lab = labOf(state.game.lab);
    var wanted = lab.forced.filter(function (t) { return t === tool; }).length + 1;
    if (wanted > lab.left[tool]) { return; }
    lab.forced.push(tool);
    if (lab.forced.length >= lab.planning) {
      lab.planning = 0;
      state.game.notes.push(fill(TEXT.planned, { tools: lab.forced.map(function (t) {
        return WORDS.names[t]; }).join(", ") }));
    }
    drawTable();
    save();
  }

  /* On opening a tool in table mode: answer at once what needs no pointing. */
  function tableTool() {
    var g = state.game;
    var code = g.lab;
    var lab = labOf(code);
    $("done-play").hidden = true;
    if (!code || refusal(code, view.tool)) {
      note(code ? refusal(code, view.tool) : "");
      return;
    }
    g.play = null;
    if (view.tool === "hackz") {
      var tool = copied(others(code)[0]);
      startPlay("hackz");
      g.play.via = tool;
      view.tool = tool;
      each(".inputs", null, function (part) { part.hidden = part.getAttribute("data-tool") !== tool; });
      $("grid-box").hidden = !DATA.tools[tool].count;
      note(fill(TEXT.hackz, { tool: WORDS.names[tool] }));
      if (DATA.tools[tool].bare || tool === "dedukto" || tool === "substrakto") { autoAsk(); }
      return;
    }
    if (view.tool === "spionado") {
      var other = labOf(others(code)[0]);
      var cards = [];
      var pool = other.no.slice();
      while (cards.length < 2 && pool.length) {
        var card = pick(pool, lab.turns + ":" + code + ":spionado");
        cards.push(card);
        pool.splice(pool.indexOf(card), 1);
      }
      startPlay("spionado");
      lab.spionado = cards;
      show(null, WORDS.names.spionado, fill(TEXT.spionado, { cards: cards.map(function (c) {
        return c + " [" + TABLE.samples[c].join(", ") + "]"; }).join(" · ") }));
      $("answer").setAttribute("data-answer", JSON.stringify({ answer: cards }));
      endPlay();
      hideSoon();
      return;
    }
    if (DATA.tools[view.tool].bare || view.tool === "dedukto" || view.tool === "substrakto") {
      autoAsk();
      return;
    }
    waiting();
  }
  /* Dedukto deals to the lab that asks; Substrakto reads the lab's next card. */
  function autoAsk() {
    var lab = labOf(state.game.lab);
    if (view.tool === "dedukto") { ask(state.game.lab.toLowerCase(), 1, WORDS.labs[state.game.lab]); return; }
    if (view.tool === "substrakto") { ask("", Math.min(lab.substrakto + 1, TABLE.qty.substrakto), ""); return; }
    ask("", 1, "");
  }
  function allowedArgs(args, record) {
    var code = state.game.lab;
    var lab = labOf(code);
    var play = state.game.play;
    if (play && play.answers.length >= (TABLE.play_size[view.tool] || 1)) { return false; }
    var card = String(args).toUpperCase();
    var problem = "";
    if (["samply", "mikroskopo"].indexOf(view.tool) >= 0 && !view.retail &&
        (card.charAt(0) !== code || lab.yes.indexOf(card) >= 0 || lab.no.indexOf(card) >= 0)) {
      problem = TEXT.card_not_yours;
    }
    if (view.tool === "analyzer" && !view.retail && readyForAnalyzer(lab).indexOf(card) < 0) {
      problem = TEXT.card_not_yours;
    }
    if (view.tool === "kolozomi" && lab.dedukto.indexOf(Number(args)) < 0) {
      problem = TEXT.kolozomi_mine + " " + lab.dedukto.join(", ");
    }
    if (problem || !record) { note(problem || TEXT.unknown); return false; }
    return true;
  }
  function startPlay(tool) {
    var g = state.game;
    var lab = labOf(g.lab);
    var round = lab.turns;
    g.play = { lab: g.lab, tool: tool, answers: [] };
    lab.left[tool] -= 1;
    lab.turns += 1;
    lab.tools.push(tool);
    if (!g.order[round]) { g.order[round] = []; }
    g.order[round].push(g.lab);
    if (lab.forced[0] === tool) { lab.forced.shift(); }
    lab.premo = false;
  }
  /* An answer given in table mode: the lab's sheet as Savvy would mark it. */
  function played(args, record) {
    var g = state.game;
    var lab = labOf(g.lab);
    if (!g.play) { startPlay(view.tool); }
    var answer = JSON.parse(record.j);
    var card = view.retail ? argsKey(args) : String(args).toUpperCase();
    g.play.answers.push(answer);
    if (g.play.tool === "hackz") { lab.hackz.push({ tool: view.tool, answer: answer.answer }); }
    if (view.tool === "samply" || view.tool === "mikroskopo") {
      (answer.answer ? lab.yes : lab.no).push(card);
    } else if (view.tool === "analyzer") {
      lab.analyzed[card] = answer.answer;
    } else if (view.tool === "dedukto") {
      lab.dedukto = answer.answer;
    } else if (view.tool === "substrakto") {
      lab.substrakto += 1;
    } else if (view.tool === "scanpad" && answer.misfunkcio) {
      var reading = pick(answer.misfunkcio, lab.turns + ":" + g.lab + ":misfunkcio");
      $("answer-big").textContent = String(reading);
    } else if (view.tool === "antidote") {
      lab.tries -= 1;
      lab.won = answer.answer === TABLE.secret.length;
    }
    var size = TABLE.play_size[view.tool] || 1;
    if (g.play.answers.length >= size || lab.won) {
      endPlay();
    } else {
      $("done-play").hidden = false;
    }
    hideSoon();
    save();
  }
  /* The end of a lab's play: the rules' ends of the game, then the interruption. */
  function endPlay() {
    var g = state.game;
    var play = g.play;
    if (!play) { return; }
    var lab = labOf(play.lab);
    g.play = null;
    $("done-play").hidden = true;
    Object.keys(lab.blocked).forEach(function (t) {
      lab.blocked[t] -= 1;
      if (!lab.blocked[t]) { delete lab.blocked[t]; }
    });
    if (lab.won) {
      g.over = true;
    } else if (lab.tries === 0 || (play.tool === "antidote" && !lab.left.antidote)) {
      lab.out = "lost_tries";
    } else if (lab.deadline !== null && (lab.deadline -= 1) <= 0) {
      lab.out = "lost_krizo";
    } else if (!Object.keys(lab.left).some(function (t) { return lab.left[t] > 0; })) {
      lab.out = "lost_tools";
    }
    if (TABLE.labs.every(function (c) { return labOf(c).out; })) { g.over = true; }
    var everyone = TABLE.labs.filter(function (c) { return !labOf(c).out; });
    if (!g.over && !g.interruption && everyone.length && everyone.every(function (c) {
      return labOf(c).turns >= TABLE.interruption_after; })) {
      interrupt();
    }
    save();
  }
  function interrupt() {
    var g = state.game;
    var card = TABLE.interruptions[0];
    var words = WORDS.table.interruptions[0];
    g.interruption = card.name;
    g.notes.push(fill(TEXT.interruption, { name: words.name, effect: words.effect }));
    TABLE.labs.forEach(function (code) {
      var lab = labOf(code);
      if (lab.out) { return; }
      (card.remove || []).forEach(function (t) { lab.left[t] = 0; });
      if (card.cap) {
        Object.keys(lab.left).forEach(function (t) { lab.left[t] = Math.min(lab.left[t], card.cap); });
        lab.tries = Math.min(lab.tries, lab.left.antidote);
      }
      (card.block || []).forEach(function (t) { lab.blocked[t] = card.turns; });
      if (card.deadline) { lab.deadline = card.deadline; }
      if (card.premo) { lab.premo = true; }
      if (card.discard) {
        var deck = cardsLeft(lab);
        var lost = pick(deck, code + ":kolapso");
        lab.left[lost] -= 1;
        if (lost === "antidote") { lab.tries -= 1; }
        g.notes.push(fill(TEXT.kolapso, { lab: WORDS.labs[code], tool: WORDS.names[lost] }));
      }
      if (card.impose) {
        var pile = cardsLeft(lab).filter(function (t) { return t !== "antidote"; });
        lab.forced = [];
        while (pile.length) {
          var next = pick(pile, code + ":impose:" + pile.length);
          lab.forced.push(next);
          pile.splice(pile.indexOf(next), 1);
        }
      }
      if (card.plan) { lab.planning = Math.min(card.plan, cardsLeft(lab).length); lab.forced = []; }
      if (!cardsLeft(lab).length) { lab.out = "lost_tools"; }
    });
    if (TABLE.labs.every(function (c) { return labOf(c).out; })) { g.over = true; }
  }
  function cardsLeft(lab) {
    var cards = [];
    Object.keys(lab.left).forEach(function (t) {
      for (var i = 0; i < lab.left[t]; i += 1) { cards.push(t); }
    });
    return cards;
  }

  /* The end: the antidote and each lab's result. */
  function reveal() {
    $("home").hidden = true;
    $("tool").hidden = true;
    $("sheet").hidden = true;
    $("reveal").hidden = false;
    var row = $("reveal-mol");
    row.textContent = "";
    row.setAttribute("data-antidote", TABLE.secret.join(","));
    TABLE.secret.forEach(function (n) { row.appendChild(molecule(n)); });
    var list = $("results");
    list.textContent = "";
    var winner = TABLE.labs.filter(function (c) { return labOf(c).won; })[0];
    TABLE.labs.forEach(function (code) {
      var lab = labOf(code);
      var item = document.createElement("li");
      var result = lab.won ? "won" : (lab.out || (winner ? "beaten" : "over"));
      var text = TEXT[result] || TEXT.over;
      if (lab.won) {
        var level = WORDS.table.levels[TABLE.level[Math.min(lab.turns, TABLE.level.length - 1)]];
        text = fill(TEXT.won, { n: lab.turns, title: level.title, tools: level.tools });
      }
      item.setAttribute("data-lab", code);
      item.setAttribute("data-result", result);
      item.textContent = WORDS.labs[code] + ": " + text;
      list.appendChild(item);
    });
  }

  /* ---- the marks checker (referee mode) ---------------------------------------------- */
  function labelOf(word) {
    var button = inTool(".choices").querySelector('.choice[data-word="' + word + '"]');
    return button ? button.textContent.trim() : word;
  }
  function check(words) {
    var question = view.question;
    if (!question || !question.record) { return; }
    var wrong = words.filter(function (w) { return question.record.right.indexOf(w) < 0; });
    var right = wrong.length === 0;
    var said = right ? TEXT.right : TEXT.wrong + " " + (DATA.tools[view.tool].multi
      ? wrong.map(labelOf).join(", ") : question.record.right.map(labelOf).join(" / "));
    var verdict = $("verdict");
    $("sheet").hidden = false;
    verdict.textContent = (right ? "✓ " : "✗ ") + said;
    verdict.className = right ? "right" : "wrong";
    state.marks.push({ text: question.text + " = " + words.map(labelOf).join(", "),
                       right: right, said: said });
    drawMarks();
    save();
  }
  function tapChoice(button) {
    if (DATA.tools[view.tool].multi) {
      var on = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      return;
    }
    clearChoices();
    button.setAttribute("aria-pressed", "true");
    check([button.getAttribute("data-word")]);
  }
  function addMulti() {
    var words = [];
    each('.choice[aria-pressed="true"]', inTool(".choices"), function (b) {
      words.push(b.getAttribute("data-word"));
    });
    if (words.length) { check(words); }
  }
  function drawMarks() {
    var list = document.querySelector(".marks");
    list.textContent = "";
    state.marks.forEach(function (mark) {
      var item = document.createElement("li");
      var verdict = document.createElement("span");
      item.setAttribute("data-right", mark.right ? "true" : "false");
      item.textContent = mark.text + " — ";
      verdict.className = "verdict";
      verdict.textContent = (mark.right ? "✓ " : "✗ ") + mark.said;
      item.appendChild(verdict);
      list.appendChild(item);
    });
    document.querySelector(".marks-panel .empty").hidden = state.marks.length > 0;
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
    if (!window.confirm(TEXT.confirm_new)) { return; }
    state.game = newGame();
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
}());
