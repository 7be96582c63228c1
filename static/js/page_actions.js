/* The few things a page asks of the browser: a print button, and a question before a form that cannot be
   undone is sent. They live here, not in onclick/onsubmit attributes, because the Content-Security-Policy
   runs no script written into the page. Markup: <button data-print>, <form data-confirm="Question?">. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
