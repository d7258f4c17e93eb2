module reversi

go 1.26
