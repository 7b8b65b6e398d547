# expect: none -- DQN: the target network's values are detached on purpose, and it has no optimizer
import copy
import torch
from torch import nn
torch.manual_seed(0)
q = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 2))
target = copy.deepcopy(q)
opt = torch.optim.Adam(q.parameters(), lr=1e-3)
for step in range(8):
    s, s2, r = torch.randn(16, 4), torch.randn(16, 4), torch.randn(16)
    a = torch.randint(0, 2, (16,))
    with torch.no_grad():
        goal = r + 0.99 * target(s2).max(1).values
    value = q(s).gather(1, a[:, None]).squeeze(1)
    loss = nn.functional.smooth_l1_loss(value, goal.detach())
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 4 == 0:
        target.load_state_dict(q.state_dict())
