// The host's controls: start a table (index page), pause / resume / end a table and show the
// seats' join codes on a screen that is not the hub's own display. Every call carries the PIN.
"use strict";

(function () {
  async function call(method, url, pin, body) {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Host-Pin": pin },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  const startForm = document.getElementById("start-form");
  if (startForm) {
    startForm.addEventListener("submit", async (submit) => {
      submit.preventDefault();
      const form = new FormData(startForm);
      const seats = String(form.get("seats")).split(",").map((s) => s.trim()).filter(Boolean);
      try {
        const made = await call("POST", "/api/tables", String(form.get("pin")), {
          game: form.get("game"), players: Number(form.get("players")), seats,
        });
        window.location.href = made.url;
      } catch (error) {
        document.getElementById("start-error").textContent = error.message;
      }
    });
  }

  const app = document.getElementById("app");
  const hostForm = document.getElementById("host-form");
  if (app && hostForm) {
    const tableId = app.dataset.table;
    const pinField = () => {
      const typed = document.querySelector("#codes-form input[name=pin]");
      return (typed && typed.value) || hostForm.elements.pin.value;
    };
    hostForm.querySelectorAll("button[data-command]").forEach((button) => {
      button.addEventListener("click", async () => {
        const error = document.getElementById("host-error");
        error.textContent = "";
        try {
          await call("POST", `/api/tables/${tableId}/host`, pinField(), { command: button.dataset.command });
        } catch (failure) {
          error.textContent = failure.message;
        }
      });
    });
    const codesForm = document.getElementById("codes-form");
    if (codesForm) {
      codesForm.addEventListener("submit", async (submit) => {
        submit.preventDefault();
        try {
          const data = await call("GET", `/api/tables/${tableId}/join`, pinField());
          const codes = document.getElementById("codes");
          codes.replaceChildren();
          for (const link of data.seats) {
            const figure = document.createElement("figure");
            figure.className = "code";
            // The SVG is made by the hub (segno) from its own join address, never from input.
            figure.innerHTML = link.svg;
            const caption = document.createElement("figcaption");
            caption.textContent = `Seat ${link.seat}`;
            figure.append(caption);
            codes.append(figure);
          }
          codesForm.hidden = true;
        } catch (failure) {
          document.getElementById("host-error").textContent = failure.message;
        }
      });
    }
  }
})();
