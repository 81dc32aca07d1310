#include <algorithm>
#include <cstdio>
#include <queue>
#include <random>
#include <utility>

// Defect: the objective is the goal's depth, not its negation.

const int N = 5;

int main() {
    std::random_device device;
    std::mt19937 gen(device());
    int maze[N][N], depth[N][N];
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            std::uniform_int_distribution<int> jump(1, std::max({r, N - 1 - r, c, N - 1 - c}));
            maze[r][c] = jump(gen);
            depth[r][c] = -1;
        }
    }
    maze[N - 1][N - 1] = 0;
    std::queue<std::pair<int, int>> todo;
    depth[0][0] = 0;
    todo.push({0, 0});
    while (!todo.empty()) {
        auto [r, c] = todo.front();
        todo.pop();
        int j = maze[r][c];
        if (j == 0) continue;
        std::pair<int, int> next[4] = {{r - j, c}, {r + j, c}, {r, c - j}, {r, c + j}};
        for (auto [rr, cc] : next) {
            if (rr >= 0 && rr < N && cc >= 0 && cc < N && depth[rr][cc] < 0) {
                depth[rr][cc] = depth[r][c] + 1;
                todo.push({rr, cc});
            }
        }
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) std::printf("%d%c", maze[r][c], c == N - 1 ? '\n' : ' ');
    std::printf("\nMoves from start:\n");
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (depth[r][c] < 0) std::printf("--"); else std::printf("%2d", depth[r][c]);
            std::printf("%c", c == N - 1 ? '\n' : ' ');
        }
    }
    int goal = depth[N - 1][N - 1];
    std::printf("\n%d\n", goal < 0 ? 1000000 : goal);
}
