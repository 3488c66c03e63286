// Shows this status page's status on another site. Put it where the status should appear:
//   <script src="https://status.example.com/embed.js" async></script>
// data-mode="pill" (the default) shows a small pill linking to the page there; data-mode="banner"
// shows a banner at the top of the page while an incident or maintenance is under way.
// It reads /widget.json (open to every origin) in the visitor's language, or in the one
// data-locale names (en, de, fr, es, pt-BR, ja), and draws in a shadow root, so neither site's
// styles reach the other's.
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var mode = script.getAttribute("data-mode") === "banner" ? "banner" : "pill";
  var host = document.createElement("span");
  host.setAttribute("data-allclear-embed", mode);
  script.parentNode.insertBefore(host, script.nextSibling);
  var root = host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
  var COLORS = {
    none: "#1a7f37",
    maintenance: "#2b6cb0",
    minor: "#8a5a00",
    major: "#b4410b",
    critical: "#c53030",
  };

  function element(tag, styles, text) {
    var node = document.createElement(tag);
    for (var name in styles) node.style.setProperty(name, styles[name]);
    if (text) node.textContent = text;
    return node;
  }

  function draw(widget) {
    var color = COLORS[widget.status.indicator] || COLORS.none;
    var active = widget.incidents.concat(widget.maintenances);
    var link = element("a", {
      display: "inline-flex",
      "align-items": "center",
      gap: "0.5em",
      "text-decoration": "none",
      font: "14px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif",
    });
    link.href = active.length === 1 ? active[0].url : widget.page.url;
    link.target = "_blank";
    link.rel = "noopener";
    if (mode === "banner") {
      if (!active.length) return;
      host.style.setProperty("display", "block");
      link.style.setProperty("display", "flex");
      link.style.setProperty("padding", "0.6em 1em");
      link.style.setProperty("background", color);
      link.style.setProperty("color", "#ffffff");
      link.appendChild(element("strong", {}, widget.status.description));
      link.appendChild(element("span", {}, active[0].name));
    } else {
      link.style.setProperty("padding", "0.3em 0.8em");
      link.style.setProperty("border", "1px solid #d0d4da");
      link.style.setProperty("border-radius", "999px");
      link.style.setProperty("background", "#ffffff");
      link.style.setProperty("color", "#1b1f24");
      link.appendChild(
        element("span", {
          width: "0.7em",
          height: "0.7em",
          "border-radius": "50%",
          background: color,
        }),
      );
      link.appendChild(element("span", {}, widget.status.description));
    }
    link.setAttribute("data-indicator", widget.status.indicator);
    if (widget.locale) host.setAttribute("lang", widget.locale);
    root.appendChild(link);
  }

  var locale = script.getAttribute("data-locale");
  var address = origin + "/widget.json" + (locale ? "?locale=" + encodeURIComponent(locale) : "");
  fetch(address, { credentials: "omit" })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (widget) {
      if (widget && widget.status) draw(widget);
    })
    .catch(function () {});
})();
