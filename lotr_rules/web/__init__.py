"""The table in the browser (``lotr-rules serve``, the ``web`` extra): play, save, replay, design cards."""
