# 2.4.2 PyTorchでロジスティック回帰
import torch
from torch import nn, optim

from iris_data import load_iris_2class

torch.manual_seed(0)

# iris のデータのうち 0 (setosa) と 1 (versicolor) のみを使用
X, y = load_iris_2class()

# NumPy の ndarray を PyTorch の Tensor に変換
X = torch.tensor(X, dtype=torch.float32)
y = torch.tensor(y, dtype=torch.float32)

# 4 次元の入力を受け取って 1 次元の出力を返す線形結合層
net = nn.Linear(4, 1)

# シグモイド関数を作用させ, 2 クラス分類のクロスエントロピーを計算する関数
loss_fn = nn.BCEWithLogitsLoss()

# SGD (少し大きめの学習率)
optimizer = optim.SGD(net.parameters(), lr=0.25)

# 損失関数のログ
losses = []

# 100 回のパラメータ更新を繰り返す
for epoc in range(100):
    # 前回の backward メソッドで計算された勾配の値を削除
    optimizer.zero_grad()

    # 線形モデルで y の予測値を計算
    y_pred = net(X)

    # loss と w による微分を計算
    loss = loss_fn(y_pred.view_as(y), y)
    loss.backward()

    # 勾配を更新する
    optimizer.step()

    # 収束確認のために loss を記録しておく
    losses.append(loss.item())

# 線形結合の結果
h = net(X)

# シグモイド関数を作用させた結果は y=1 の確率を表す
prob = nn.functional.sigmoid(h)

# 確率が 0.5 以上のものをクラス 1 と予想し, それ以外を 0 とする
y_pred = prob > 0.5

# 予測結果の確認 (y は FloatTensor なので ByteTensor に変換してから比較する)
print("loss: %.4f -> %.4f" % (losses[0], losses[-1]))
print("accuracy:", (y.byte() == y_pred.view_as(y)).sum().item() / len(y))
