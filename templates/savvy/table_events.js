/* Table mode's events beyond one play (table.js wraps the plays): the interruption card drawn
   once every lab has played its tools, Undo last, and the end of the game with the antidote
   revealed and each lab's result. */
  function interrupt() {
    var g = state.game;
    var card = TABLE.interruptions[0];
    g.interruption = card.name;
    g.notes.push({ k: "interruption", i: 0 });
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
        g.notes.push({ k: "kolapso", lab: code, tool: lost });
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
      if (card.plan) {  /* a plan binds Antidote cards too; Mikroadministrado leaves them free */
        lab.planning = Math.min(card.plan, cardsLeft(lab).length);
        lab.forced = [];
        lab.planned = true;
      }
      if (!cardsLeft(lab).length) { lab.out = "lost_tools"; }
    });
    if (TABLE.labs.every(function (c) { return labOf(c).out; })) { g.over = true; }
  }
  /* Undo last: the game goes back to before the last play, after a confirmation. */
  function undoLast() {
    if (!state.undo || !window.confirm(TEXT.confirm_undo)) { return; }
    state.game = JSON.parse(state.undo);
    state.game.play = null;
    state.undo = null;
    showHome();
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
        text = fill(plural("won", lab.turns), { title: level.title, tools: level.tools });
      }
      item.setAttribute("data-lab", code);
      item.setAttribute("data-result", result);
      item.textContent = WORDS.labs[code] + ": " + text;
      list.appendChild(item);
    });
  }

