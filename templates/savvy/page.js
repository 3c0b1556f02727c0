/* The referee page's script. It computes no answer: every answer, and every mark that is
   right, is in #savvy-data (generator/savvy/lookup.py wrote them). It turns a tap or a link
   into a lookup key, looks it up and shows the record. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("savvy-data").textContent);
  var TEXT = JSON.parse(document.getElementById("savvy-text").textContent);
  var NUMERAL = /^[0-9]+$/;
  var state = { mode: "ask", tool: null, picked: [], question: null, marks: [] };

  function $(id) { return document.getElementById(id); }
  function each(selector, root, action) {
    Array.prototype.forEach.call((root || document).querySelectorAll(selector), action);
  }
  function inTool(selector) {
    return document.querySelector(selector + '[data-tool="' + state.tool + '"]');
  }

  /* The lookup key, written exactly as lookup.py writes it: the words lower-cased and split
     at commas and spaces; numbers alone sorted and joined by commas, other words joined by one
     space; then " --draw N" after a tool's first draw and " --misfunkcio", for the tools
     those options change. */
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
    if (!table || !Object.prototype.hasOwnProperty.call(table, key)) { return null; }
    return DATA.records[table[key]];
  }

  function molecule(n) {
    var copy = document.querySelector('#grid .mol[data-m="' + n + '"]').cloneNode(true);
    copy.removeAttribute("data-m");
    copy.setAttribute("aria-pressed", "false");
    copy.disabled = true;
    return copy;
  }
  function swatch(record) {
    var mark = document.createElement("span");
    mark.className = "swatch";
    mark.style.background = record.fill;
    return mark;
  }

  /* The answer box: a record, or a sentence saying why there is none. */
  function show(record, question, problem) {
    var box = $("answer");
    var big = $("answer-big");
    var row = $("answer-mol");
    $("question").textContent = question;
    box.setAttribute("data-answer", record ? record.j : "");
    big.textContent = record ? record.big : "";
    if (record && record.fill) { big.insertBefore(swatch(record), big.firstChild); }
    row.textContent = "";
    (record && record.mol || []).forEach(function (n) { row.appendChild(molecule(n)); });
    $("answer-say").textContent = record ? record.say : (problem || "");
  }

  function ask(args, draw, label) {
    var misfunkcio = inTool(".inputs").querySelector(".misfunkcio");
    var key = questionKey(state.tool, args, draw, misfunkcio && misfunkcio.checked);
    var record = lookUp(state.tool, key);
    var question = DATA.tools[state.tool].name + (label ? " · " + label : "");
    state.question = { record: record, text: question };
    $("answer").setAttribute("data-question", state.tool + "|" + key);
    show(record, question, TEXT.unknown);
    clearChoices();
  }

  function clearGrid() {
    state.picked = [];
    each("#grid .mol", null, function (b) { b.setAttribute("aria-pressed", "false"); });
  }
  function clearChoices() {
    $("verdict").textContent = "";
    $("verdict").className = "";
    each(".choice", null, function (b) { b.setAttribute("aria-pressed", "false"); });
  }
  function waiting() {
    state.question = null;
    $("answer").removeAttribute("data-question");
    show(null, DATA.tools[state.tool].name, TEXT.pick);
  }

  function openTool(tool) {
    var spec = DATA.tools[tool];
    state.tool = tool;
    clearGrid();
    $("home").hidden = true;
    $("tool").hidden = false;
    $("tool-name").textContent = spec.name;
    each(".inputs, .choices", null, function (part) {
      part.hidden = part.getAttribute("data-tool") !== tool;
    });
    each(".arg", null, function (b) { b.setAttribute("aria-pressed", "false"); });
    each(".misfunkcio", null, function (box) { box.checked = false; });
    $("grid-box").hidden = !spec.count;
    if (spec.bare) { ask("", 1, ""); } else { waiting(); }
    window.scrollTo(0, 0);
  }

  function tapMolecule(button) {
    var count = DATA.tools[state.tool].count;
    var n = Number(button.getAttribute("data-m"));
    var at = state.picked.indexOf(n);
    if (at >= 0) {
      state.picked.splice(at, 1);
    } else if (count === 1) {
      clearGrid();
      state.picked = [n];
    } else if (state.picked.length < count) {
      state.picked.push(n);
    }
    pressPicked();
    askPicked();
  }
  function pressPicked() {
    each("#grid .mol", null, function (b) {
      var picked = state.picked.indexOf(Number(b.getAttribute("data-m"))) >= 0;
      b.setAttribute("aria-pressed", picked ? "true" : "false");
    });
  }
  function askPicked() {
    if (state.picked.length !== DATA.tools[state.tool].count) { waiting(); return; }
    var sorted = state.picked.slice().sort(function (a, b) { return a - b; });
    ask(sorted.join(","), 1, sorted.join(", "));
    if (!state.question.record) { show(null, state.question.text, TEXT.not_a_place); }
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
    if (pressed) { tapArgument(pressed); } else if (DATA.tools[state.tool].count) {
      askPicked();
    } else if (DATA.tools[state.tool].bare) { ask("", 1, ""); }
  }

  /* The marks checker: what the lab wrote, right when the record lists it. */
  function labelOf(word) {
    var button = inTool(".choices").querySelector('.choice[data-word="' + word + '"]');
    return button ? button.textContent.trim() : word;
  }
  function check(words) {
    var question = state.question;
    if (!question || !question.record) { return; }
    var wrong = words.filter(function (w) { return question.record.right.indexOf(w) < 0; });
    var right = wrong.length === 0;
    var said = right ? TEXT.right : TEXT.wrong + " " + (DATA.tools[state.tool].multi
      ? wrong.map(labelOf).join(", ") : question.record.right.map(labelOf).join(" / "));
    var verdict = $("verdict");
    verdict.textContent = (right ? "✓ " : "✗ ") + said;
    verdict.className = right ? "right" : "wrong";
    state.marks.push({ text: question.text + " = " + words.map(labelOf).join(", "),
                       right: right, said: said });
    drawMarks();
  }
  function tapChoice(button) {
    if (DATA.tools[state.tool].multi) {
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

  function setMode(mode) {
    state.mode = mode;
    each(".modes button", null, function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-mode") === mode ? "true" : "false");
    });
    each("[data-mode-only]", null, function (part) {
      part.hidden = part.getAttribute("data-mode-only") !== mode;
    });
    $("answer").hidden = mode !== "ask";
  }

  /* ?tool=scanpad&args=1,2,3,6,7,8 [&draw=2] [&misfunkcio=1]: open on that answer. */
  function fromLink() {
    var params = new URLSearchParams(window.location.search);
    var tool = (params.get("tool") || "").trim().toLowerCase();
    if (!tool) { return; }
    if (!Object.prototype.hasOwnProperty.call(DATA.tools, tool)) {
      $("home").hidden = true;
      $("tool").hidden = false;
      $("answer").setAttribute("data-question", tool);
      show(null, tool, TEXT.unknown);
      return;
    }
    openTool(tool);
    var flag = params.get("misfunkcio");
    var box = inTool(".inputs").querySelector(".misfunkcio");
    if (box) { box.checked = flag !== null && ["0", "false", "no"].indexOf(flag) < 0; }
    var args = params.get("args") || "";
    var draw = params.has("draw") ? Number(params.get("draw")) : 1;
    if (DATA.tools[tool].count) {
      argsKey(args).split(",").map(Number).forEach(function (n) {
        if (n && state.picked.indexOf(n) < 0) { state.picked.push(n); }
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

  $("i-am-savvy").addEventListener("click", function () {
    $("gate").hidden = true;
    $("app").hidden = false;
  });
  each(".modes button", null, function (b) {
    b.addEventListener("click", function () { setMode(b.getAttribute("data-mode")); });
  });
  each(".tool", null, function (b) {
    b.addEventListener("click", function () { openTool(b.getAttribute("data-tool")); });
  });
  each("#grid .mol", null, function (b) {
    b.addEventListener("click", function () { tapMolecule(b); });
  });
  each(".arg", null, function (b) {
    b.addEventListener("click", function () { tapArgument(b); });
  });
  each(".misfunkcio", null, function (box) { box.addEventListener("change", reask); });
  each(".choice", null, function (b) {
    b.addEventListener("click", function () { tapChoice(b); });
  });
  each(".add-mark", null, function (b) { b.addEventListener("click", addMulti); });
  $("clear").addEventListener("click", function () { clearGrid(); waiting(); });
  $("back").addEventListener("click", function () {
    $("tool").hidden = true;
    $("home").hidden = false;
  });
  document.querySelector(".clear-marks").addEventListener("click", function () {
    state.marks = [];
    drawMarks();
  });
  setMode("ask");
  fromLink();
}());
