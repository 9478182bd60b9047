"""The table's QR codes are drawn module for module as segno makes them, with a light quiet
zone, in whole pixels per module (a phone's camera must read them off the screen)."""

from __future__ import annotations

import pygame

from scenes.remote_scenes import QUIET, draw_qr, qr_matrix


def test_every_module_is_drawn_dark_or_light_as_the_code_says() -> None:
    link = "http://192.168.1.20:45678/#s=abcdefghijklmnopqrstuvwx"
    matrix = qr_matrix(link)
    assert len(matrix) == len(matrix[0]) >= 21  # a real QR code (version 1 is 21 modules)
    surface = pygame.Surface((300, 300))
    surface.fill((10, 20, 30))
    square = draw_qr(surface, matrix, pygame.Rect(10, 10, 280, 280))
    n = len(matrix) + 2 * QUIET
    module = square.width // n
    assert module >= 2 and square.width == module * n and square.height == square.width
    for y in range(n):
        for x in range(n):
            inside = QUIET <= x < n - QUIET and QUIET <= y < n - QUIET
            dark = inside and matrix[y - QUIET][x - QUIET]
            centre = (square.x + x * module + module // 2, square.y + y * module + module // 2)
            want = (0, 0, 0) if dark else (255, 255, 255)
            assert surface.get_at(centre)[:3] == want, (x, y)
    assert qr_matrix(link + "x") != matrix  # another seat's link, another code
