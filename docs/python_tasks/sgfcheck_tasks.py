import sys
import sgfcheck

with open(sys.argv[1], "rb") as f:  # 1. read a file
    game = sgfcheck.parse(f.read()).games[0]
root = game.root
print((root.get("SZ"), root.get("KM"), sorted(root.get("AB"))))  # 2. SZ, KM, AB
for node in game.main_line():  # 3. walk the main line
    print(node.move)
game = game.with_node(0, root.set("PB", "Honinbo Shusaku"))  # 4. set PB
game = game.with_main_line_node(3, game.main_line()[3].set("C", "the third move"))  # 5. comment node 3
game = game.with_main_line_appended(sgfcheck.Node().set("B", (1, 9)))  # 6. append a move
with open(sys.argv[2], "wb") as f:  # 7. write
    f.write(sgfcheck.write(game))
for finding in sgfcheck.check(open(sys.argv[3], "rb").read()):  # 8. handle a broken file
    print(("broken", str(finding)))
board, moves = game.setup_and_moves()  # 9. replay to a board
for colour, point in moves:
    if point:
        board.play(colour, point)
print(sorted(board.list_occupied_points()))
