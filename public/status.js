// The status page's small helpers; the page works without them.
// - every <time data-local> is rewritten in the visitor's own time zone, in the page's language;
// - <time data-relative> says how long ago ("12 seconds ago") and keeps counting;
// - a day of an uptime bar opens a popover with that day's uptime, incidents and maintenance;
//   the arrow keys move along a bar, Escape closes.
(function () {
  var lang = document.documentElement.lang || undefined;

  function localTimes() {
    var format = new Intl.DateTimeFormat(lang, {
      dateStyle: "medium",
      timeStyle: "short",
    });
    var zone = new Intl.DateTimeFormat(lang, { timeZoneName: "short" });
    var times = document.querySelectorAll("time[data-local]");
    for (var i = 0; i < times.length; i++) {
      var date = new Date(times[i].getAttribute("datetime"));
      if (isNaN(date.getTime())) continue;
      var name = zone.formatToParts(date).filter(function (p) {
        return p.type === "timeZoneName";
      });
      times[i].title = times[i].textContent;
      times[i].textContent = format.format(date) + (name.length ? " " + name[0].value : "");
    }
  }

  function relativeTimes() {
    var times = document.querySelectorAll("time[data-relative]");
    if (!times.length || !Intl.RelativeTimeFormat) return;
    var format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
    function tick() {
      for (var i = 0; i < times.length; i++) {
        var seconds = Math.round(
          (new Date(times[i].getAttribute("datetime")).getTime() - Date.now()) / 1000,
        );
        if (isNaN(seconds)) continue;
        var abs = Math.abs(seconds);
        times[i].textContent =
          abs < 60
            ? format.format(Math.min(seconds, 0), "second")
            : abs < 3600
              ? format.format(Math.round(seconds / 60), "minute")
              : abs < 86400
                ? format.format(Math.round(seconds / 3600), "hour")
                : format.format(Math.round(seconds / 86400), "day");
      }
    }
    tick();
    setInterval(tick, 5000);
  }

  function dayPopovers() {
    var source = document.getElementById("day-data");
    if (!source) return;
    var data;
    try {
      data = JSON.parse(source.textContent);
    } catch {
      return;
    }
    var popover = document.createElement("div");
    popover.className = "day-popover";
    popover.id = "day-popover";
    popover.setAttribute("role", "dialog");
    popover.hidden = true;
    popover.tabIndex = -1;
    document.body.appendChild(popover);
    popover.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (to && !popover.contains(to) && to !== opener) close(false);
    });
    var opener = null;

    function text(tag, value) {
      var element = document.createElement(tag);
      element.textContent = value;
      return element;
    }

    function close(returnFocus) {
      if (popover.hidden) return;
      popover.hidden = true;
      if (opener) opener.setAttribute("aria-expanded", "false");
      if (returnFocus && opener) opener.focus();
      opener = null;
    }

    function open(day) {
      close(false);
      opener = day;
      announcesPopover(day);
      popover.textContent = "";
      // The label is "<day>: <status>, <uptime>", with the colon of the page's language.
      var label = day.getAttribute("aria-label") || "";
      var colon = /: |：/.exec(label);
      var split = colon ? colon.index : -1;
      var heading = text("h3", split > 0 ? label.slice(0, split).trim() : label);
      heading.id = "day-popover-title";
      popover.setAttribute("aria-labelledby", heading.id);
      popover.appendChild(heading);
      if (split > 0) popover.appendChild(text("p", label.slice(split + colon[0].length).trim()));
      popover.appendChild(text("p", day.getAttribute("data-down") || data.labels.noDowntime));
      var indexes = (day.getAttribute("data-items") || "").split(" ").filter(Boolean);
      var groups = { incident: [], maintenance: [] };
      indexes.forEach(function (index) {
        var item = data.items[Number(index)];
        if (item) groups[item[0]].push(item);
      });
      [
        ["incident", data.labels.incidents],
        ["maintenance", data.labels.maintenance],
      ].forEach(function (pair) {
        var items = groups[pair[0]];
        if (!items.length) return;
        popover.appendChild(text("p", pair[1])).className = "label";
        var list = document.createElement("ul");
        items.forEach(function (item) {
          var link = text("a", item[2]);
          link.href = item[1];
          list.appendChild(document.createElement("li")).appendChild(link);
        });
        popover.appendChild(list);
      });
      if (!indexes.length) popover.appendChild(text("p", data.labels.nothing));
      var more = text("a", data.labels.details.replace("{day}", heading.textContent));
      more.href = day.getAttribute("href");
      popover.appendChild(text("p", "")).appendChild(more);
      popover.hidden = false;
      day.setAttribute("aria-expanded", "true");
      var box = day.getBoundingClientRect();
      var width = popover.offsetWidth;
      var left = Math.min(
        Math.max(8, box.left + window.scrollX + box.width / 2 - width / 2),
        window.scrollX + document.documentElement.clientWidth - width - 8,
      );
      popover.style.left = left + "px";
      popover.style.top = box.bottom + window.scrollY + 8 + "px";
      (popover.querySelector("a") || popover).focus();
    }

    document.addEventListener("click", function (event) {
      var day = event.target.closest && event.target.closest(".bar a.day");
      if (day) {
        event.preventDefault();
        if (opener === day) close(true);
        else open(day);
      } else if (!popover.contains(event.target)) close(false);
    });

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") return close(true);
      var day = event.target.closest && event.target.closest(".bar a.day");
      if (!day) {
        if (event.key === "Tab" && !popover.hidden && popover.contains(event.target)) {
          var links = popover.querySelectorAll("a");
          var last = links[links.length - 1];
          if (!event.shiftKey && event.target === last) {
            event.preventDefault();
            close(true);
          }
        }
        return;
      }
      var days = Array.prototype.filter.call(day.parentNode.children, function (d) {
        return d.offsetParent !== null;
      });
      var index = days.indexOf(day);
      var next =
        event.key === "ArrowLeft"
          ? days[index - 1]
          : event.key === "ArrowRight"
            ? days[index + 1]
            : event.key === "Home"
              ? days[0]
              : event.key === "End"
                ? days[days.length - 1]
                : null;
      if (!next) return;
      event.preventDefault();
      day.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      announcesPopover(next);
      next.focus();
    });

    // Only the days in the tab order say so at start (one a bar); a day the arrow keys reach
    // says so as it takes focus. Marking every day would touch a thousand links at load.
    function announcesPopover(day) {
      day.setAttribute("aria-haspopup", "dialog");
      if (!day.hasAttribute("aria-expanded")) day.setAttribute("aria-expanded", "false");
    }
    var first = document.querySelectorAll('.bar a.day:not([tabindex="-1"])');
    for (var i = 0; i < first.length; i++) announcesPopover(first[i]);
  }

  // Each in a task of its own, so a slow phone's main thread is never held long at load; until
  // the popovers are ready, a day is a link to its page.
  function start() {
    var steps = [localTimes, relativeTimes, dayPopovers];
    (function next() {
      steps.shift()();
      if (steps.length) setTimeout(next, 0);
    })();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
