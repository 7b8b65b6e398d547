import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)


class BasicBlock(nn.Module):
    def __init__(self, inplanes, planes, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = None
        if stride != 1 or inplanes != planes:
            self.downsample = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes))

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + identity)


class ResNet(nn.Module):
    # small resnet teacher, same stem as torchvision resnet
    def __init__(self, num_classes=1000):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = BasicBlock(64, 64)
        self.layer2 = BasicBlock(64, 128, stride=2)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(128, num_classes)

    def forward(self, x):
        x = self.maxpool(F.relu(self.bn1(self.conv1(x))))
        x = self.layer2(self.layer1(x))
        return self.fc(torch.flatten(self.avgpool(x), 1))


class DistillableViT(nn.Module):
    def __init__(self, *, image_size, patch_size, num_classes, dim, depth, heads, mlp_dim, channels=3):
        super().__init__()
        num_patches = (image_size // patch_size) ** 2
        self.to_patch_embedding = nn.Conv2d(channels, dim, patch_size, patch_size)
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.distillation_token = nn.Parameter(torch.randn(1, 1, dim))
        self.pos_embedding = nn.Parameter(torch.randn(1, num_patches + 2, dim))
        layer = nn.TransformerEncoderLayer(dim, heads, mlp_dim, batch_first=True)
        self.transformer = nn.TransformerEncoder(layer, depth)
        self.mlp_head = nn.Linear(dim, num_classes)
        self.distill_mlp = nn.Linear(dim, num_classes)

    def forward(self, img):
        x = self.to_patch_embedding(img).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat((self.cls_token.expand(b, -1, -1), x, self.distillation_token.expand(b, -1, -1)), dim=1)
        x = self.transformer(x + self.pos_embedding)
        return self.mlp_head(x[:, 0]), self.distill_mlp(x[:, -1])


class DistillWrapper(nn.Module):
    def __init__(self, *, teacher, student, temperature=1., alpha=0.5):
        super().__init__()
        self.teacher = teacher
        self.student = student
        self.temperature = temperature
        self.alpha = alpha

    def forward(self, img, labels, temperature=None, alpha=None):
        T = temperature if temperature is not None else self.temperature
        alpha = alpha if alpha is not None else self.alpha

        logits, distill_logits = self.student(img)
        loss = F.cross_entropy(logits, labels)

        with torch.no_grad():
            teacher_logits = self.teacher(img.expand(-1, 3, -1, -1))

        distill_loss = F.kl_div(
            F.log_softmax(distill_logits / T, dim=-1),
            F.softmax(teacher_logits / T, dim=-1).detach(),
            reduction='batchmean')
        distill_loss *= T ** 2
        return loss * (1 - alpha) + distill_loss * alpha


teacher = ResNet(num_classes=10)
teacher.eval()

v = DistillableViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    channels=1
)

distiller = DistillWrapper(
    student=v,
    teacher=teacher,
    temperature=3,           # temperature of distillation
    alpha=0.5                # trade between main loss and distillation loss
)

optimizer = torch.optim.Adam(v.parameters(), lr=3e-4)

# my dataset
for step in range(10):
    img = torch.randn(16, 1, 32, 32)
    labels = torch.randint(0, 10, (16,))
    loss = distiller(img, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, 'loss', loss.item())
