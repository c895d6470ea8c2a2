// gamekit-alt-text: JupyterLab draws a stored PNG or JPEG picture with the text alternative
// kept in the output's metadata ({"image/png": {"alt": "..."}}, the convention nbconvert and
// Voila read), so a screen reader reads it. JupyterLab's own image renderer ignores it.
const { Widget } = require("@lumino/widgets");

class AltImage extends Widget {
  constructor(options) {
    super();
    this.mimeType = options.mimeType;
    this.addClass("jp-RenderedImage");
  }

  renderModel(model) {
    const meta = model.metadata[this.mimeType] || {};
    const img = document.createElement("img");
    img.src = `data:${this.mimeType};base64,${model.data[this.mimeType]}`;
    if (typeof meta.width === "number") img.width = meta.width;
    if (typeof meta.height === "number") img.height = meta.height;
    if (typeof meta.alt === "string") img.alt = meta.alt;
    const background = model.metadata.needs_background;
    if (background === "light") img.classList.add("jp-needs-light-background");
    if (background === "dark") img.classList.add("jp-needs-dark-background");
    if (meta.unconfined === true) img.classList.add("jp-mod-unconfined");
    this.node.textContent = "";
    this.node.appendChild(img);
    return Promise.resolve();
  }
}

// Ranked just before JupyterLab's image renderer (90), so it is the one used.
const RANK = 89;

module.exports = {
  id: "gamekit-alt-text:images",
  rendererFactory: {
    safe: true,
    mimeTypes: ["image/png", "image/jpeg"],
    defaultRank: RANK,
    createRenderer: (options) => new AltImage(options),
  },
  rank: RANK,
  dataType: "string",
};
