import sys
from sgfmill import boards, sgf

with open(sys.argv[1], "rb") as f:  # 1. read a file
    game = sgf.Sgf_game.from_bytes(f.read())
root = game.get_root()
print((game.get_size(), game.get_komi(), sorted(root.get("AB"))))  # 2. SZ, KM, AB
for node in game.get_main_sequence():  # 3. walk the main line
    print(node.get_move())
root.set("PB", "Honinbo Shusaku")  # 4. set PB
game.get_main_sequence()[3].set("C", "the third move")  # 5. comment node 3
game.get_last_node().new_child().set_move("b", (0, 0))  # 6. append a move
with open(sys.argv[2], "wb") as f:  # 7. write
    f.write(game.serialise())
try:  # 8. handle a broken file
    sgf.Sgf_game.from_bytes(open(sys.argv[3], "rb").read())
except ValueError as e:
    print(("broken", str(e)))
board = boards.Board(game.get_size())  # 9. replay to a board
board.apply_setup(*root.get_setup_stones())
for node in game.get_main_sequence():
    colour, move = node.get_move()
    if move:
        board.play(*move, colour)
print(sorted(board.list_occupied_points()))
