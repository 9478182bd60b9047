"""The parts of the Atlantis Rising board scene (``scenes/rising/board.py`` puts them together).

``look`` (colours, cached text, small drawing helpers), ``island_view`` (the star-shaped island:
geometry, drawing, hit-testing), ``panels`` (councilors, Navy, blueprint, misfortunes),
``controls`` (readable labels for every engine action and where each is offered),
``dialogs`` (pop-up menus and the build and library dialogs), ``animations`` (event
animations scaled by the speed setting), ``log_panel`` and ``results`` (the results table).
"""
