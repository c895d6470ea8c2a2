"""What JupyterLab needs from gamekit: saved lessons that reopen as pictures.

A board in a notebook is a live widget with a still picture beside it (its
``_repr_mimebundle_`` gives both). JupyterLab draws the live widget for a trusted output, and
a lesson a learner ran and saved is trusted; reopened after its kernel is gone, the widget's
model no longer exists and Lab writes "Error displaying widget: model not found" where the
board was. Storing the widgets' state in the file (the widget manager's ``saveState``) only
put that off: the state grew the file 5–8 times, carried a learner's solved puzzles, and was
overwritten with an empty state by the next autosave.

So gamekit's Lab (``make lab``) saves no widget state and, through :func:`strip_live_views`
(a Jupyter server pre-save hook, set in ``notebooks/.jupyter/jupyter_server_config.py``),
keeps only the picture of each board in the saved file: a reopened lesson shows every board
as a picture of the position it was shown in, until the cell is run again.

>>> model = {"type": "notebook", "content": {"metadata": {"widgets": {}}, "cells": [
...     {"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {
...         "application/vnd.jupyter.widget-view+json": {"model_id": "1"},
...         "image/png": "iVBOR...", "text/plain": "<CoffeeBoard>"}}]}]}}
>>> strip_live_views(model)
>>> sorted(model["content"]["cells"][0]["outputs"][0]["data"])
['image/png', 'text/plain']
>>> "widgets" in model["content"]["metadata"]
False
"""

from __future__ import annotations

from typing import Any

__all__ = ["WIDGET_VIEW", "strip_live_views"]

#: The output type of a live widget in a notebook.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def strip_live_views(model: dict[str, Any], **_: Any) -> None:
    """Before a notebook is saved: drop the live-widget view from every output that also
    has a picture (a gamekit board: the picture is what a reopened lesson shows), and the
    stored widget state. Other files and other outputs are left as they are. A Jupyter
    server pre-save hook (``FileContentsManager.pre_save_hook``); changes ``model`` in place.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    metadata = notebook.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)
    for cell in notebook.get("cells") or ():
        if not isinstance(cell, dict):
            continue
        for output in cell.get("outputs") or ():
            data = output.get("data") if isinstance(output, dict) else None
            if isinstance(data, dict) and WIDGET_VIEW in data and "image/png" in data:
                del data[WIDGET_VIEW]
