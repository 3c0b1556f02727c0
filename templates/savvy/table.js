/* Table mode: the phone is Savvy. The page keeps each lab's count of cards (the tools
   played, the Antidote tries left, the turns, what Spionado lent and what Hackz copied),
   refuses what the rules' conditions forbid, ends the game as the rules do and draws the
   interruptions in the order generator/savvy/table.py shuffled them. It answers nothing
   itself: every answer is looked up as in referee mode (page.js). */
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
    var unusable = condition(code, tool);
    if (unusable) { return unusable; }
    if (lab.premo && tool !== "antidote" && lab.left.antidote) { return TEXT.premo; }
    if (lab.forced.length && tool !== lab.forced[0] && !(tool === "antidote" && !lab.planned)) {
      return fill(TEXT.forced, { tool: WORDS.names[lab.forced[0]] });
    }
    return "";
  }
  /* Why the tool itself cannot be used now, whatever the order of play says. */
  function condition(code, tool) {
    var lab = labOf(code);
    var other = others(code)[0];
    if (!lab.left[tool]) { return TEXT.none_left; }
    if (lab.blocked[tool]) { return fill(TEXT.blocked, { n: lab.blocked[tool] }); }
    if (tool === "analyzer" && !readyForAnalyzer(lab).length) { return TEXT.only_after_analyzer; }
    if (tool === "kolozomi" && !lab.dedukto.length) { return TEXT.only_after_kolozomi; }
    if (tool === "hackz" && !copied(other)) { return TEXT.hackz_none; }
    if (tool === "spionado" && !(other && labOf(other).no.length)) { return TEXT.spionado_none; }
    return "";
  }
  /* An imposed tool (Mikroadministrado, Planado) that its own rule forbids now is discarded
     unused, as the terminal game's "skip" does, so the lab is never stuck. */
  function discardUnusable(code) {
    var lab = labOf(code);
    while (lab.forced.length && condition(code, lab.forced[0])) {
      var tool = lab.forced.shift();
      if (lab.left[tool]) { lab.left[tool] -= 1; }
      state.game.notes.push({ k: "kolapso", lab: code, tool: tool });
    }
    if (!cardsLeft(lab).length) { lab.out = "lost_tools"; }
  }
  function readyForAnalyzer(lab) {
    return lab.yes.filter(function (c) { return !Object.prototype.hasOwnProperty.call(lab.analyzed, c); });
  }
  function copied(other) {
    if (!other) { return null; }
    var tools = labOf(other).tools.filter(function (t) { return t !== "hackz" && t !== "spionado"; });
    return tools.length ? tools[tools.length - 1] : null;
  }

  /* A note is kept as its words' key and values, and worded in the language shown now. */
  function noteText(n) {
    if (n.k === "interruption") {
      var words = WORDS.table.interruptions[n.i];
      return fill(TEXT.interruption, { name: words.name, effect: words.effect });
    }
    if (n.k === "planned") {
      return fill(TEXT.planned, { tools: n.tools.map(function (t) { return WORDS.names[t]; }).join(", ") });
    }
    return fill(TEXT.kolapso, { lab: WORDS.labs[n.lab], tool: WORDS.names[n.tool] });
  }
  function plural(name, n) {
    var forms = WORDS.plurals[name];
    return fill(forms[Math.min(n, forms.length - 1)], { n: n });
  }
  /* The lab to ask next: one that may start, fewest turns first, then the round's order. */
  function nextLab() {
    var ready = TABLE.labs.filter(canStart);
    var first = state.game.order[0] || TABLE.labs;
    ready.sort(function (a, b) {
      return labOf(a).turns - labOf(b).turns || first.indexOf(a) - first.indexOf(b);
    });
    return ready[0] || null;
  }
  function summary(lab) {
    if (lab.out) { return "✗ " + (TEXT[lab.out] || TEXT.over); }
    var parts = [plural("tools", lab.turns), fill(TEXT.tries, { n: lab.tries })];
    if (lab.deadline !== null) { parts.push(plural("krizo", lab.deadline)); }
    return parts.join(" · ");
  }
  function drawTable() {
    var g = state.game;
    if (g.over) { reveal(); return; }
    var turn = 1 + Math.min.apply(null, TABLE.labs.map(function (c) { return labOf(c).turns; }));
    $("table-status").textContent = fill(TEXT.turn, { n: turn });
    if (g.lab && !labOf(g.lab).planning) { discardUnusable(g.lab); }
    if (g.lab && !canStart(g.lab)) { g.lab = null; }
    var next = g.lab ? null : nextLab();
    each(".lab", null, function (b) {
      var code = b.getAttribute("data-lab");
      b.disabled = !canStart(code);
      b.setAttribute("aria-pressed", g.lab === code ? "true" : "false");
      b.setAttribute("data-next", code === next ? "true" : "false");
      b.querySelector(".lab-sum").textContent = summary(labOf(code));
    });
    $("undo").disabled = !state.undo;
    var lab = g.lab && labOf(g.lab);
    each(".tool", null, function (b) {
      var tool = b.getAttribute("data-tool");
      b.disabled = !lab || Boolean(refusal(g.lab, tool) && !(lab.planning && lab.left[tool]));
      b.querySelector(".left").textContent = lab ? " ×" + lab.left[tool] : "";
    });
    var notes = g.notes.slice(-2).map(noteText);
    if (next) { notes.push(fill(TEXT.next, { lab: WORDS.labs[next] })); }
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
      state.game.notes.push({ k: "planned", tools: lab.forced.slice() });
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
    view.finished = false;
    each(".misfunkcio", null, function (box) {
      box.checked = misfunkcioDrawn();
      box.disabled = true;
      box.parentNode.hidden = !box.checked;
    });
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
      ownCards();
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
      finish();
      hideSoon();
      return;
    }
    ownCards();
    if (DATA.tools[view.tool].bare || view.tool === "dedukto" || view.tool === "substrakto") {
      autoAsk();
      return;
    }
    waiting();
  }
  function misfunkcioDrawn() {
    return Boolean(state.game.interruption && TABLE.interruptions[0].misfunkcio);
  }
  /* Only what the asking lab may point at: its own unsorted cards (Analyzer: its ✓ cards
     not yet analysed); Dedukto deals to the lab that asks, so it has no lab to choose. */
  function ownCards() {
    var lab = labOf(state.game.lab);
    var code = state.game.lab.toLowerCase();
    var inputs = inTool(".inputs");
    each(".arg", inputs, function (b) {
      var card = b.getAttribute("data-args").toUpperCase();
      if (view.tool === "dedukto") { b.hidden = true; }
      if (view.tool === "samply" || view.tool === "mikroskopo") {
        b.hidden = b.getAttribute("data-args").charAt(0) !== code || lab.yes.indexOf(card) >= 0
          || lab.no.indexOf(card) >= 0;
      }
      if (view.tool === "analyzer") { b.hidden = readyForAnalyzer(lab).indexOf(card) < 0; }
    });
    each(".args", inputs, function (group) {
      group.hidden = !group.querySelector(".arg:not([hidden])");
      var title = group.previousElementSibling;
      if (title && title.tagName === "H3") { title.hidden = group.hidden; }
    });
  }
  /* How many cards one play takes: the tool's count, or fewer when the lab has fewer. */
  function playSize(code, tool) {
    var lab = labOf(code);
    var size = TABLE.play_size[tool] || 1;
    if (tool === "analyzer") { return Math.min(size, readyForAnalyzer(lab).length); }
    if (tool === "samply" || tool === "mikroskopo") {
      var left = Object.keys(TABLE.samples).filter(function (c) {
        return c.charAt(0) === code && lab.yes.indexOf(c) < 0 && lab.no.indexOf(c) < 0;
      });
      return Math.max(1, Math.min(size, left.length));
    }
    return size;
  }
  /* A play has taken its cards: count it, and offer Done (or the end of the game). */
  function finish() {
    endPlay();
    view.finished = true;
    $("done-play").textContent = state.game.over ? TEXT.see_end : TEXT.done;
    $("done-play").hidden = false;
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
    if (view.finished || (play && play.answers.length >= play.size)) {
      $("verdict").textContent = TEXT.play_done;
      return false;
    }
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
    state.undo = JSON.stringify(g);  /* Undo last: the game as it was before this play */
    g.play = { lab: g.lab, tool: tool, answers: [], size: playSize(g.lab, tool === "hackz" ?
      copied(others(g.lab)[0]) : tool) };
    lab.left[tool] = Math.max(0, lab.left[tool] - 1);
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
      if (g.play.tool !== "hackz") { lab.tries -= 1; }  /* Hackz copies, it spends no Antidote */
      lab.won = answer.answer === TABLE.secret.length;
    }
    if (g.play.answers.length >= g.play.size || lab.won) {
      finish();  /* the answer first, then a tap to the next lab or the end of the game */
    } else {
      ownCards();
      if (TABLE.up_to.indexOf(view.tool) >= 0) {  /* Analyzer: at most 3, Done after any */
        $("done-play").textContent = TEXT.done;
        $("done-play").hidden = false;
      }
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
    g.lab = null;  /* the lab has played: the home screen shows whose turn is next */
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
