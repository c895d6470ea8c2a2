# gamekit's JupyterLab (``make lab`` passes this file with --config): a saved lesson keeps a
# picture of each board instead of its live widget, so it reopens as pictures, never as
# "Error displaying widget: model not found" (see gamekit/lab.py).
c = get_config()  # noqa: F821  (given by Jupyter when it reads this file)
c.FileContentsManager.pre_save_hook = "gamekit.lab.strip_live_views"
