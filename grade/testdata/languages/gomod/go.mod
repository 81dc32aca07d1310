module maze

go 1.22
