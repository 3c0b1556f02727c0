/* The marks checker of referee mode: what the lab wrote is right when the looked-up record
   lists it (lookup.py wrote the right marks of every answer). */
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

