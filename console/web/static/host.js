// The host's controls: start a table (index page), pause / resume / end a table and show the
// seats' join codes on a screen that is not the hub's own display. Every call carries the PIN.
"use strict";

(function () {
  // One random Idempotency-Key per call, the same on its retry: a table start whose answer was
  // lost (Wi-Fi, a restarting hub) is retried once without making a second table.
  function requestId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function call(method, url, pin, body) {
    const options = {
      method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Host-Pin": pin, "Idempotency-Key": requestId() },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    let response;
    try {
      response = await fetch(url, options);
    } catch (lost) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await fetch(url, options);
    }
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
      // key=value pairs; a value that reads as JSON (a number, true) is taken as such
      const options = {};
      for (const pair of String(form.get("options") || "").split(",").map((p) => p.trim()).filter(Boolean)) {
        const [key, ...rest] = pair.split("=");
        const value = rest.join("=").trim();
        try { options[key.trim()] = JSON.parse(value); } catch { options[key.trim()] = value; }
      }
      try {
        const made = await call("POST", "/api/tables", String(form.get("pin")), {
          game: form.get("game"), players: Number(form.get("players")), seats, options, chance: form.get("chance"),
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
    // One row per seat: who plays it (phone, bot, buttons, pod), and a concession.
    const seatControls = document.getElementById("seat-controls");
    const report = (failure) => { document.getElementById("host-error").textContent = failure.message; };
    const initial = JSON.parse(app.dataset.initial);
    for (let seat = 1; seat <= initial.players; seat += 1) {
      const select = document.createElement("select");
      select.setAttribute("aria-label", `who plays seat ${seat}`);
      for (const controller of ["phone", "bot", "buttons", "pod"]) {
        const option = new Option(controller, controller, false, initial.controllers[String(seat)] === controller);
        select.append(option);
      }
      select.addEventListener("change", () => {
        call("POST", `/api/tables/${tableId}/seats/${seat}/controller`, pinField(), { controller: select.value }).catch(report);
      });
      const concede = document.createElement("button");
      concede.type = "button";
      concede.textContent = "Concede";
      concede.addEventListener("click", () => {
        call("POST", `/api/tables/${tableId}/host`, pinField(), { command: "concede", seat }).catch(report);
      });
      const row = document.createElement("div");
      row.className = "inline";
      row.append(`Seat ${seat} `, select, concede);
      seatControls.append(row);
    }

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
