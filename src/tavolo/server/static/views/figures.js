// The 40 figures of Mercante in fiera (tavolo.games.mercante.figures), each an Italian
// picture drawn here in a few SVG shapes on a 40 x 40 field, with its name under it.
const SVG = "http://www.w3.org/2000/svg";
const c = (cx, cy, r, fill) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const e = (cx, cy, rx, ry, fill) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
const r = (x, y, w, h, fill, rx = 0) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const p = (d, fill, stroke = "none") => `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`;
const l = (d, stroke, w = 2) => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;

const RAYS = Array.from({ length: 8 }, (_, i) => {
  const a = (i * Math.PI) / 4;
  return `M${20 + 11 * Math.cos(a)} ${20 + 11 * Math.sin(a)}L${20 + 17 * Math.cos(a)} ${20 + 17 * Math.sin(a)}`;
}).join("");

/** Figure name -> SVG markup (the inside of a 40 x 40 viewBox). */
export const PICTURES = {
  gallo: e(20, 24, 11, 8, "#b5482a") + c(29, 14, 5, "#b5482a") + p("M27 9l2-5 2 5z", "#e0262d") + p("M34 14l4 1-4 2z", "#f2b632") + p("M9 22l-6-8 3 12z", "#2a6b3f") + l("M18 31v6M23 31v6", "#f2b632"),
  gatto: e(20, 27, 10, 9, "#555") + c(20, 14, 7, "#555") + p("M14 10l1-7 4 5zM26 10l-1-7-4 5z", "#555") + c(17.5, 13, 1.3, "#f2d43c") + c(22.5, 13, 1.3, "#f2d43c") + l("M30 30q8 0 6-8", "#555"),
  cane: e(19, 25, 11, 7, "#a8743f") + c(30, 16, 6, "#a8743f") + e(27, 18, 2.5, 5, "#6b4423") + c(35, 17, 1.5, "#222") + l("M12 31v6M25 31v6M8 22l-4-5", "#a8743f"),
  asino: e(18, 24, 12, 7, "#8c8c8c") + p("M27 20l7-6 3 3-6 8z", "#8c8c8c") + p("M31 13l-1-9 3 8zM34 14l1-9 1 9z", "#8c8c8c") + l("M10 30v7M25 30v7", "#8c8c8c"),
  bue: e(19, 24, 12, 8, "#c49a6c") + c(31, 18, 6, "#c49a6c") + l("M27 13q-3-5 1-7M35 13q3-5-1-7", "#eee") + l("M11 31v6M26 31v6", "#c49a6c"),
  pecora: c(20, 23, 12, "#8d8d8d") + c(14, 22, 6, "#d9d9d9") + c(21, 20, 7, "#e6e6e6") + c(27, 23, 6, "#d9d9d9") + c(20, 26, 6, "#e6e6e6") + c(33, 19, 4, "#333") + l("M15 31v6M26 31v6", "#333"),
  maiale: e(19, 23, 13, 9, "#f3a5b0") + c(33, 21, 5, "#f3a5b0") + e(37, 22, 2, 2.5, "#e07c8c") + l("M6 20q-4-2-2-5", "#e07c8c") + l("M12 31v5M26 31v5", "#f3a5b0"),
  oca: l("M27 24q3-12 5-14", "#6b7785", 6) + e(18, 27, 12, 7, "#e9edf1") + l("M27 24q3-12 5-14", "#e9edf1", 4) + c(32, 10, 3.5, "#e9edf1") +
    l("M8 27q10 6 20-1", "#6b7785", 1.2) + c(33, 9, 0.9, "#222") + p("M35 9l4 2-4 2z", "#f29b21") + l("M15 33v4M21 33v4", "#f29b21", 1.5),
  pesce: e(18, 20, 13, 7, "#3e8fc7") + p("M30 20l8-7v14z", "#3e8fc7") + c(11, 18, 1.6, "#fff") + l("M16 15q4 5 0 10", "#2a6a99", 1.2),
  lumaca: c(22, 21, 9, "#c98a3c") + l("M22 21m-5 0a5 5 0 1 0 5-5", "#7a4f1e", 1.5) + p("M4 31h30q2 0 2-3h-22l-8-10-2 1 5 9z", "#9bbf6a"),
  luna: r(3, 3, 34, 34, "#27406b", 6) + c(19, 20, 13, "#f2d43c") + c(25, 16, 11, "#27406b") + c(31, 31, 1, "#fff") + c(9, 8, 1, "#fff"),
  sole: c(20, 20, 9, "#f7b32b") + l(RAYS, "#f7b32b", 2.5),
  stella: p("M20 3l4.6 11.5 12.4.8-9.6 7.9 3.1 12L20 28.5 9.5 35.2l3.1-12L3 15.3l12.4-.8z", "#f2d43c"),
  nuvola: r(3, 6, 34, 30, "#8fc1e8", 6) + c(13, 23, 7, "#ffffff") + c(21, 17, 9, "#ffffff") + c(29, 23, 7, "#ffffff") +
    r(8, 22, 26, 8, "#ffffff", 4) + l("M8 30h26", "#7a8fa6", 1.2),
  albero: r(17, 24, 6, 13, "#7a4f1e") + c(20, 16, 11, "#3f8a3a") + c(13, 20, 5, "#4a9a44") + c(27, 20, 5, "#4a9a44"),
  fiore: l("M20 22v16", "#3f8a3a") + c(20, 9, 4.5, "#e0568a") + c(26, 14, 4.5, "#e0568a") + c(14, 14, 4.5, "#e0568a") + c(17, 20, 4.5, "#e0568a") + c(23, 20, 4.5, "#e0568a") + c(20, 15, 3.5, "#f2d43c"),
  mela: c(20, 23, 12, "#d7262e") + l("M20 12q1-6 4-8", "#7a4f1e") + e(25, 8, 4, 2, "#3f8a3a"),
  pera: c(20, 27, 10, "#c8c43a") + c(20, 15, 6, "#c8c43a") + l("M20 9q0-4 3-6", "#7a4f1e"),
  uva: [[16, 12], [24, 12], [12, 19], [20, 19], [28, 19], [16, 26], [24, 26], [20, 33]].map(([x, y]) => c(x, y, 4.5, "#6b2d82")).join("") + p("M20 8l5-6 6 3z", "#3f8a3a"),
  limone: e(20, 21, 14, 10, "#f5e13a") + e(6, 21, 2, 2, "#e8cf20") + e(34, 21, 2, 2, "#e8cf20"),
  pane: e(20, 23, 16, 10, "#d39b4c") + l("M11 18l4 8M18 16l4 9M25 16l4 8", "#a8743f"),
  formaggio: p("M4 30l30-16v16z", "#f2c94c") + p("M4 30h30v6h-30z", "#e0b43a") + c(26, 26, 2.5, "#d6a52a") + c(16, 27, 1.8, "#d6a52a"),
  fiasco: e(20, 28, 10, 9, "#b5232d") + r(17, 6, 6, 14, "#3f8a3a") + r(14, 24, 12, 10, "#d8b46a", 2),
  caffettiera: p("M12 20h16l-2 16h-12z", "#9aa3ab") + p("M13 20l3-10h8l3 10z", "#b9c2ca") + p("M28 24q7 0 3 8", "none", "#9aa3ab") + p("M12 12l-5-3 2 5z", "#9aa3ab") + r(18, 6, 4, 4, "#333", 1),
  pizza: c(20, 20, 15, "#e9b44c") + c(20, 20, 12, "#d7402e") + c(15, 16, 2.5, "#fff5d6") + c(25, 18, 2.5, "#fff5d6") + c(19, 26, 2.5, "#fff5d6") + e(25, 25, 2, 1.2, "#3f8a3a"),
  gondola: p("M2 26q18 10 36-6q-2 10-16 12q-14 0-20-6z", "#222") + l("M36 20l2-8M8 24l-2-6", "#222") + l("M24 8l-6 22", "#7a4f1e", 1.5),
  nave: p("M4 26h32l-5 8h-22z", "#7a4f1e") + l("M20 26v-22", "#333") + p("M21 6l12 16h-12z", "#f4f1e8") + p("M19 8l-10 14h10z", "#e8e2d0"),
  carro: r(6, 16, 24, 10, "#a8743f", 2) + c(12, 30, 5, "#333") + c(26, 30, 5, "#333") + c(12, 30, 2, "#aaa") + c(26, 30, 2, "#aaa") + l("M30 20l8 4", "#a8743f"),
  mulino: p("M14 38l3-20h6l3 20z", "#c9b08a") + l("M20 17l-12-12M20 17l12-12M20 17l-12 12M20 17l12 12", "#7a4f1e", 3) + c(20, 17, 2, "#333"),
  torre: r(13, 10, 14, 28, "#c9a77c") + p("M11 10h18v-4h-3v2h-3v-2h-6v2h-3v-2h-3z", "#b08d62") + r(18, 28, 4, 10, "#6b4423", 2) + r(18, 15, 4, 5, "#333"),
  campana: p("M10 30q0-20 10-22q10 2 10 22z", "#d9a520") + r(8, 29, 24, 4, "#b8860b", 2) + c(20, 35, 3, "#8a6a10") + l("M20 8v-4", "#8a6a10"),
  chiave: c(12, 20, 7, "none") + l("M12 20m-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0M18 20h18M30 20v6M34 20v5", "#c9a227", 3),
  lanterna: r(13, 10, 14, 20, "#f7d774", 2) + p("M11 10h18l-3-5h-12z", "#333") + r(11, 30, 18, 4, "#333", 1) + l("M20 5v-3", "#333") + l("M13 10v20M27 10v20", "#333", 1.5),
  ombrello: p("M3 20q17-18 34 0z", "#2f6db5") + l("M20 20v13q0 4-4 3", "#333") + l("M20 4v-2", "#333"),
  violino: e(20, 27, 7, 8, "#9b4a1c") + e(20, 15, 5, 5, "#9b4a1c") + l("M20 10v-8", "#333") + l("M17 20q3 2 6 0", "#333", 1) + l("M8 34l24-28", "#7a4f1e", 1),
  tamburo: e(20, 13, 12, 4, "#f4f1e8") + r(8, 13, 24, 18, "#c0392b") + e(20, 31, 12, 4, "#c0392b") + l("M8 13l8 18M16 13l8 18M24 13l8 18", "#f2d43c", 1.2) + l("M26 4l8-3M14 4l-8-3", "#7a4f1e"),
  cappello: e(20, 28, 17, 5, "#333") + r(11, 10, 18, 18, "#333", 3) + r(11, 22, 18, 4, "#b5232d"),
  scarpa: p("M4 28q0-10 6-12h8q4 8 18 8q2 0 2 4v4h-34z", "#6b4423") + l("M12 20l4 3M14 18l4 3", "#fff", 1),
  ancora: l("M20 6v28M12 12h16M6 24q2 12 14 12q12 0 14-12", "#4a5560", 3) + c(20, 5, 3, "none") + l("M20 5m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0", "#4a5560", 2),
  pulcinella: p("M10 38q2-16 10-17q8 1 10 17z", "#f6f6f6", "#555") + p("M13 10l7-9 7 9z", "#f6f6f6", "#555") + c(20, 13, 7, "#f3d9b9") + e(20, 14, 5, 3, "#222") + l("M20 24v12", "#999", 1) + c(20, 28, 1.2, "#555") + c(20, 33, 1.2, "#555"),
};

/** An SVG element of ``name``'s picture with its name; ``cls`` adds classes. */
export function figureElement(name, cls = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 40 50");
  svg.setAttribute("class", `figure ${cls}`.trim());
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", name);
  svg.dataset.figure = name;
  svg.innerHTML = `<rect x="0.5" y="0.5" width="39" height="49" rx="4" class="figure-face"/>` + (PICTURES[name] || "") +
    `<text x="20" y="47" text-anchor="middle" class="figure-name">${name}</text>`;
  return svg;
}
